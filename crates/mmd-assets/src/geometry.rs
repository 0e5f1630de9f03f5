//! Parametric surfaces turned into skinned triangle meshes.
//!
//! Every part of the figure is a surface `P(u, v)` with `u` going around (periodic) and `v`
//! going along (0 and 1 may be poles). Tessellating a grid of (u, v) gives positions and UVs;
//! normals come from the surface's partial derivatives, so they are smooth, exact across the
//! u seam and independent of the tessellation. Each vertex's skinning weight is a function of
//! its rest position, which is how joints get their BDEF2 blends.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use glam::{Quat, Vec2, Vec3};
use mmd_format::pmx::{Vertex, Weight};

/// Triangles plus vertices of one surface, indices local to `vertices`.
#[derive(Debug, Default, Clone)]
pub struct Mesh {
    pub vertices: Vec<Vertex>,
    pub faces: Vec<[u32; 3]>,
}

/// How a surface is tessellated, textured and skinned.
pub struct Surface<'a> {
    /// Position on the surface; `u` in [0, 1] is periodic.
    pub position: &'a dyn Fn(f32, f32) -> Vec3,
    /// Texture coordinate from (u, v) and the rest position.
    pub uv: &'a dyn Fn(f32, f32, Vec3) -> Vec2,
    /// Skinning weight of a vertex at this rest position.
    pub weight: &'a dyn Fn(Vec3) -> Weight,
    /// Quads around and along.
    pub segments: (u32, u32),
    /// MMD's per-vertex edge (outline) scale.
    pub edge_scale: f32,
}

/// Step used for the numeric partial derivatives: small against any feature of the figure,
/// large enough that f32 positions some 20 units from the origin still resolve it.
const DERIVATIVE_STEP: f32 = 2.0e-3;

/// How far from a pole (in v) the normal of a pole vertex is taken.
const POLE_OFFSET: f32 = 0.01;

/// Outward unit normal at (u, v). At a pole the u derivative vanishes, so the normal is
/// taken slightly away from it, where it is well defined and continuous.
fn surface_normal(position: &dyn Fn(f32, f32) -> Vec3, u: f32, v: f32, outward_hint: Vec3) -> Vec3 {
    let h = DERIVATIVE_STEP;
    let v = v.clamp(POLE_OFFSET, 1.0 - POLE_OFFSET);
    let du = position(u + h, v) - position(u - h, v);
    let dv = position(u, v + h) - position(u, v - h);
    let n = du.cross(dv).normalize_or_zero();
    if n.dot(outward_hint) < 0.0 { -n } else { n }
}

/// Tessellates `surface`; `outward` says, for a point, which way is out (used only to orient
/// normals and triangles consistently).
pub fn tessellate(surface: &Surface<'_>, outward: &dyn Fn(Vec3) -> Vec3) -> Mesh {
    let (nu, nv) = surface.segments;
    let mut mesh = Mesh::default();
    for j in 0..=nv {
        let v = j as f32 / nv as f32;
        for i in 0..=nu {
            let u = i as f32 / nu as f32;
            let p = (surface.position)(u, v);
            let n = surface_normal(surface.position, u, v, outward(p));
            mesh.vertices.push(Vertex {
                position: p.to_array(),
                normal: n.to_array(),
                uv: (surface.uv)(u, v, p).to_array(),
                additional_uvs: [[0.0; 4]; 4],
                weight: (surface.weight)(p),
                edge_scale: surface.edge_scale,
            });
        }
    }
    let row = nu + 1;
    for j in 0..nv {
        for i in 0..nu {
            let a = j * row + i;
            let b = a + 1;
            let c = a + row;
            let d = c + 1;
            for tri in [[a, b, d], [a, d, c]] {
                push_oriented(&mut mesh, tri);
            }
        }
    }
    mesh
}

/// Adds a triangle wound so that `(p1 - p0) x (p2 - p0)` points along the vertex normals,
/// which is MMD's front-face convention in the file's own (left-handed) coordinates.
/// Triangles collapsed at a pole carry no area and are dropped.
fn push_oriented(mesh: &mut Mesh, [a, b, c]: [u32; 3]) {
    let p = |i: u32| Vec3::from_array(mesh.vertices[i as usize].position);
    let n = |i: u32| Vec3::from_array(mesh.vertices[i as usize].normal);
    let cross = (p(b) - p(a)).cross(p(c) - p(a));
    if cross.length_squared() < 1.0e-12 {
        return;
    }
    if cross.dot(n(a) + n(b) + n(c)) >= 0.0 {
        mesh.faces.push([a, b, c]);
    } else {
        mesh.faces.push([a, c, b]);
    }
}

/// Hermite smoothstep on [edge0, edge1].
pub fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A smooth profile through `(t, value)` points (t increasing): cubic Hermite with
/// finite-difference tangents, flat beyond the ends. Smooth profiles give smooth normals.
pub fn profile(points: &[(f32, f32)], t: f32) -> f32 {
    let Some(&(first_t, first_value)) = points.first() else {
        return 0.0;
    };
    if t <= first_t || points.len() == 1 {
        return first_value;
    }
    let slope = |k: usize| -> f32 {
        let prev = points[k.saturating_sub(1)];
        let next = points[(k + 1).min(points.len() - 1)];
        if next.0 > prev.0 {
            (next.1 - prev.1) / (next.0 - prev.0)
        } else {
            0.0
        }
    };
    for k in 0..points.len() - 1 {
        let (t0, y0) = points[k];
        let (t1, y1) = points[k + 1];
        if t <= t1 {
            let h = t1 - t0;
            let s = (t - t0) / h;
            let (s2, s3) = (s * s, s * s * s);
            return (2.0 * s3 - 3.0 * s2 + 1.0) * y0
                + (s3 - 2.0 * s2 + s) * h * slope(k)
                + (-2.0 * s3 + 3.0 * s2) * y1
                + (s3 - s2) * h * slope(k + 1);
        }
    }
    points[points.len() - 1].1
}

/// Skinning along a chain of joints: `root` owns everything before the first joint, joint k
/// owns the stretch after it, and within `blend` of a joint the two bones share the vertex
/// (BDEF2), which keeps elbows and knees from creasing.
pub fn chain_weight(d: f32, root: i32, joints: &[(f32, i32)], blend: f32) -> Weight {
    let mut owner = root;
    for &(at, bone) in joints {
        if d < at - blend {
            return Weight::Bdef1 { bone: owner };
        }
        if d < at + blend {
            let w_next = smoothstep(at - blend, at + blend, d);
            return bdef2(owner, bone, 1.0 - w_next);
        }
        owner = bone;
    }
    Weight::Bdef1 { bone: owner }
}

/// BDEF2, or BDEF1 when one bone has (almost) all the weight.
pub fn bdef2(a: i32, b: i32, weight_a: f32) -> Weight {
    if weight_a >= 0.999 || a == b {
        Weight::Bdef1 { bone: a }
    } else if weight_a <= 0.001 {
        Weight::Bdef1 { bone: b }
    } else {
        Weight::Bdef2 {
            bones: [a, b],
            weight: weight_a,
        }
    }
}

/// An ellipsoid with semi-axes `radii` in its own frame, turned by `rotation`. `v` = 0 is
/// the +Y pole.
pub fn ellipsoid(center: Vec3, radii: Vec3, rotation: Quat) -> impl Fn(f32, f32) -> Vec3 {
    move |u, v| {
        let (theta, phi) = (TAU * u, PI * v);
        let local = Vec3::new(
            phi.sin() * theta.cos() * radii.x,
            phi.cos() * radii.y,
            phi.sin() * theta.sin() * radii.z,
        );
        center + rotation * local
    }
}

/// A capsule-like tube from `start` to `end` whose radius follows `radii` (t in [0, 1]
/// along the axis), with an elliptical cross-section (`squash` scales the second axis) and
/// optional rounded caps. `side` fixes the cross-section's first axis.
pub struct Tube<'a> {
    pub start: Vec3,
    pub end: Vec3,
    pub radii: &'a [(f32, f32)],
    pub squash: f32,
    pub side: Vec3,
    pub cap_start: bool,
    pub cap_end: bool,
}

/// Share of `v` spent on each rounded cap.
const CAP_SHARE: f32 = 0.15;

impl Tube<'_> {
    pub fn axis(&self) -> Vec3 {
        (self.end - self.start).normalize_or_zero()
    }

    pub fn length(&self) -> f32 {
        (self.end - self.start).length()
    }

    /// Axial distance from `start` and the radius scale at `v`.
    fn meridian(&self, v: f32) -> (f32, f32) {
        let length = self.length();
        let (c0, c1) = (
            if self.cap_start { CAP_SHARE } else { 0.0 },
            if self.cap_end { CAP_SHARE } else { 0.0 },
        );
        let r0 = profile(self.radii, 0.0);
        let r1 = profile(self.radii, 1.0);
        if v < c0 {
            let angle = v / c0 * FRAC_PI_2;
            (-r0 * angle.cos(), r0 * angle.sin())
        } else if v > 1.0 - c1 {
            let angle = (1.0 - v) / c1 * FRAC_PI_2;
            (length + r1 * angle.cos(), r1 * angle.sin())
        } else {
            let t = (v - c0) / (1.0 - c0 - c1);
            (t * length, profile(self.radii, t))
        }
    }

    pub fn position(&self, u: f32, v: f32) -> Vec3 {
        let axis = self.axis();
        let e1 = (self.side - axis * self.side.dot(axis)).normalize_or_zero();
        let e2 = axis.cross(e1);
        let (along, radius) = self.meridian(v);
        let theta = TAU * u;
        self.start + axis * along + (e1 * theta.cos() + e2 * theta.sin() * self.squash) * radius
    }

    /// Distance of `p` along the axis from `start` (for skinning).
    pub fn along(&self, p: Vec3) -> f32 {
        (p - self.start).dot(self.axis())
    }

    /// Outward direction at `p`: away from the axis, or along it on the caps.
    pub fn outward(&self, p: Vec3) -> Vec3 {
        let axis = self.axis();
        let d = self.along(p);
        let foot = self.start + axis * d.clamp(0.0, self.length());
        let out = p - foot;
        if out.length_squared() > 1.0e-10 {
            out
        } else if d <= 0.0 {
            -axis
        } else {
            axis
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_passes_through_its_points_and_is_flat_outside() {
        let pts = [(0.0, 1.0), (0.5, 2.0), (1.0, 0.5)];
        for &(t, y) in &pts {
            assert!((profile(&pts, t) - y).abs() < 1e-6);
        }
        assert_eq!(profile(&pts, -1.0), 1.0);
        assert_eq!(profile(&pts, 2.0), 0.5);
    }

    #[test]
    fn chain_weight_blends_only_near_joints() {
        let joints = [(0.0, 1), (5.0, 2)];
        assert_eq!(
            chain_weight(-3.0, 0, &joints, 0.5),
            Weight::Bdef1 { bone: 0 }
        );
        assert_eq!(
            chain_weight(2.5, 0, &joints, 0.5),
            Weight::Bdef1 { bone: 1 }
        );
        assert_eq!(
            chain_weight(9.0, 0, &joints, 0.5),
            Weight::Bdef1 { bone: 2 }
        );
        match chain_weight(5.0, 0, &joints, 0.5) {
            Weight::Bdef2 { bones, weight } => {
                assert_eq!(bones, [1, 2]);
                assert!((weight - 0.5).abs() < 1e-6);
            }
            other => panic!("expected a blend, got {other:?}"),
        }
    }

    #[test]
    fn sphere_normals_point_out_and_faces_agree() {
        let center = Vec3::new(1.0, 2.0, 3.0);
        let position = ellipsoid(center, Vec3::ONE, Quat::IDENTITY);
        let surface = Surface {
            position: &position,
            uv: &|u, v, _| Vec2::new(u, v),
            weight: &|_| Weight::Bdef1 { bone: 0 },
            segments: (16, 8),
            edge_scale: 1.0,
        };
        let mesh = tessellate(&surface, &|p| p - center);
        for vertex in &mesh.vertices {
            let radial = Vec3::from_array(vertex.position) - center;
            let n = Vec3::from_array(vertex.normal);
            assert!((n.length() - 1.0).abs() < 1e-3);
            assert!(n.dot(radial.normalize()) > 0.99, "normal {n} at {radial}");
        }
        for face in &mesh.faces {
            let p = face.map(|i| Vec3::from_array(mesh.vertices[i as usize].position));
            let cross = (p[1] - p[0]).cross(p[2] - p[0]);
            assert!(cross.dot((p[0] + p[1] + p[2]) / 3.0 - center) > 0.0);
        }
        // 16 x 8 quads minus the 16 collapsed triangles at each pole.
        assert_eq!(mesh.faces.len(), 16 * 8 * 2 - 32);
    }
}
