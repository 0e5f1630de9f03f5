//! Readers and writers for MikuMikuDance files: PMX 2.0/2.1 and PMD models, VMD motions, VPD
//! poses, accessories: DirectX `.x` meshes ([`xfile`]) and their `.vac` settings ([`vac`]),
//! and a reader for MMD's `.pmm` projects ([`pmm`]), whose keys convert to VMD motions.
//!
//! Every reader takes the whole file as bytes and returns plain structs mirroring the file (a
//! `.x` file flattened into what is drawn), or an [`Error`] naming the byte offset and what was
//! being read. No input makes a reader panic,
//! and counts are checked against the remaining bytes before any allocation.
//!
//! Errors are kept for files whose bytes cannot be walked (bad magic, truncation, counts
//! beyond the file, unknown enumeration values). A model whose references point nowhere (a
//! texture, bone, vertex, morph, material or rigid body index past its table) is read the way
//! MMD opens it: each such reference is neutralised (set to "none", or the entry holding it
//! dropped where "none" means nothing) and reported as a [`ReadWarning`] in the model's
//! `warnings` (PMX, and PMD through [`convert::pmd_to_pmx`]). A `.x` accessory is read the
//! way D3DX-tolerant readers open it, its repairs listed in [`xfile::XFile::warnings`].

pub mod any;
mod binary;
pub mod convert;
pub mod error;
mod joint;
pub mod pmd;
pub mod pmm;
pub mod pmx;
pub mod text;
pub mod vac;
pub mod vmd;
pub mod vpd;
mod warning;
pub mod xfile;

pub use error::{Error, ErrorKind, Format, Result};
pub use joint::JointConstraint;
pub use text::FixedText;
pub use warning::ReadWarning;
