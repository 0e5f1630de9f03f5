//! Axis-aligned boxes, for framing what a camera shows.

use glam::Vec3;

/// Axis-aligned bounding box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    pub min: Vec3,
    pub max: Vec3,
}

impl Aabb {
    /// The box around the finite points; `None` when there are none.
    pub fn from_points(points: impl IntoIterator<Item = Vec3>) -> Option<Aabb> {
        points
            .into_iter()
            .filter(|p| p.is_finite())
            .fold(None, |acc: Option<Aabb>, p| {
                Some(match acc {
                    None => Aabb { min: p, max: p },
                    Some(b) => Aabb {
                        min: b.min.min(p),
                        max: b.max.max(p),
                    },
                })
            })
    }

    /// The box moved by `offset`.
    pub fn translated(self, offset: Vec3) -> Aabb {
        Aabb {
            min: self.min + offset,
            max: self.max + offset,
        }
    }

    pub fn union(self, other: Aabb) -> Aabb {
        Aabb {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    pub fn center(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }

    pub fn size(&self) -> Vec3 {
        self.max - self.min
    }
}
