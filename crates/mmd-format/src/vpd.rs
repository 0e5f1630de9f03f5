//! VPD poses: Shift-JIS text listing bone transforms and morph weights.
