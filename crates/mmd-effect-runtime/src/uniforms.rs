//! Parameter values written into a compiled shader's uniform block, at the offsets and in
//! the shapes the compiler reflected.
//!
//! Matrices: an effect multiplies row vectors (`mul(pos, WorldViewProj)`, Direct3D's
//! convention), so the matrix it names is the transpose of the same transform in the
//! column-vector convention glam uses. A [`Value::Matrix`] holds the glam matrix
//! (`projection * view * world` for `WORLDVIEWPROJECTION`), and its rows are written where
//! the shader's compiled matrix keeps its columns: the shader then computes with the
//! matrix the effect names (`tests/gpu_values.rs` checks this on the GPU).

use glam::Mat4;
use mmd_effect_compiler::{Shape, UniformBlock, UniformMember};
use naga::ScalarKind;

/// A value for a parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// Up to four floats (a scalar or a vector); shorter members take the first ones.
    Vector([f32; 4]),
    /// A matrix in the column-vector convention.
    Matrix(Mat4),
    /// An integer (also written into float members).
    Int(i32),
    /// A flag (1 or 0 in integer members, 1.0 or 0.0 in float ones).
    Bool(bool),
}

impl Value {
    /// A scalar.
    pub fn scalar(x: f32) -> Value {
        Value::Vector([x, 0.0, 0.0, 0.0])
    }

    fn component(&self, i: usize) -> f32 {
        match self {
            Value::Vector(v) => v.get(i).copied().unwrap_or(0.0),
            Value::Matrix(m) => m.col(0)[i.min(3)],
            Value::Int(n) if i == 0 => *n as f32,
            Value::Bool(b) if i == 0 => f32::from(u8::from(*b)),
            Value::Int(_) | Value::Bool(_) => 0.0,
        }
    }
}

/// The bytes of a uniform block, zeroed: every member MME does not set reads as 0.
pub fn block_bytes(block: &UniformBlock) -> Vec<u8> {
    vec![0; block.size as usize]
}

/// Writes `value` into `member` of a block's bytes. A member that does not fit the bytes
/// (a block reflected for another shader) is left alone.
pub fn write(bytes: &mut [u8], member: &UniformMember, value: &Value) {
    write_shape(bytes, member.offset as usize, &member.shape, value);
}

fn write_shape(bytes: &mut [u8], offset: usize, shape: &Shape, value: &Value) {
    match shape {
        Shape::Vector { kind, size } => {
            for i in 0..*size as usize {
                put(bytes, offset + 4 * i, *kind, value.component(i));
            }
        }
        Shape::Matrix {
            columns,
            rows,
            stride,
        } => {
            let matrix = match value {
                Value::Matrix(m) => *m,
                _ => return,
            };
            for c in 0..(*columns as usize).min(4) {
                let row = matrix.row(c);
                for r in 0..(*rows as usize).min(4) {
                    let at = offset + c * *stride as usize + 4 * r;
                    put(bytes, at, ScalarKind::Float, row[r]);
                }
            }
        }
        // Arrays are set element by element by the caller (CONTROLOBJECT has none; the
        // semantics MME sets are single values), and structs only by their initialisers.
        Shape::Array { .. } | Shape::Struct => {}
    }
}

fn put(bytes: &mut [u8], at: usize, kind: ScalarKind, x: f32) {
    let word = match kind {
        ScalarKind::Float => x.to_le_bytes(),
        ScalarKind::Sint => (x as i32).to_le_bytes(),
        ScalarKind::Uint => (x as u32).to_le_bytes(),
        ScalarKind::Bool => u32::from(x != 0.0).to_le_bytes(),
        ScalarKind::AbstractInt | ScalarKind::AbstractFloat => return,
    };
    if let Some(slot) = bytes.get_mut(at..at + 4) {
        slot.copy_from_slice(&word);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(offset: u32, shape: Shape) -> UniformMember {
        UniformMember {
            name: "m".into(),
            offset,
            shape,
        }
    }

    fn floats(bytes: &[u8]) -> Vec<f32> {
        bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    #[test]
    fn vectors_take_the_first_components_and_integers_are_converted() {
        let mut bytes = vec![0; 32];
        let float3 = Shape::Vector {
            kind: ScalarKind::Float,
            size: 3,
        };
        write(
            &mut bytes,
            &member(0, float3),
            &Value::Vector([1.0, 2.0, 3.0, 4.0]),
        );
        let int = Shape::Vector {
            kind: ScalarKind::Sint,
            size: 1,
        };
        write(&mut bytes, &member(16, int), &Value::scalar(7.9));
        let flag = Shape::Vector {
            kind: ScalarKind::Uint,
            size: 1,
        };
        write(&mut bytes, &member(20, flag), &Value::Bool(true));
        assert_eq!(&floats(&bytes)[..4], &[1.0, 2.0, 3.0, 0.0]);
        assert_eq!(
            i32::from_le_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]),
            7
        );
        assert_eq!(
            u32::from_le_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]),
            1
        );
    }

    #[test]
    fn a_matrix_is_written_row_by_row_and_never_past_the_block() {
        let m = Mat4::from_cols_array(&std::array::from_fn(|i| i as f32));
        let shape = Shape::Matrix {
            columns: 4,
            rows: 4,
            stride: 16,
        };
        let mut bytes = vec![0; 64];
        write(&mut bytes, &member(0, shape.clone()), &Value::Matrix(m));
        let rows = m.transpose().to_cols_array();
        assert_eq!(floats(&bytes), rows.to_vec());
        let mut short = vec![0; 40];
        write(&mut short, &member(0, shape), &Value::Matrix(m));
        assert_eq!(floats(&short)[..8], rows[..8]);
    }
}
