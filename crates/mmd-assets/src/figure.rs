//! The default model: a stylised figure built from skinned parametric surfaces, with MMD
//! materials (toon, edge, sphere map), vertex morphs for blinking, smiling and the three
//! vowel mouth shapes, and display frames.

use std::f32::consts::{PI, TAU};

use glam::{Quat, Vec2, Vec3};
use mmd_format::pmx::{
    self, DisplayElement, DisplayFrame, Material, Morph, MorphOffsets, MorphPanel, Pmx, SphereMode,
    Toon, VertexOffset, Weight, material_flags as mf,
};

use crate::geometry::{self, Mesh, Surface, Tube, bdef2, chain_weight, ellipsoid, smoothstep};
use crate::skeleton::{Side, Skeleton, joint};
use crate::textures;

/// The model's name as MMD shows it.
pub const MODEL_NAME: &str = "ラストちゃん";

/// A material and the look MMD gives it.
struct MaterialSpec {
    name: &'static str,
    name_en: &'static str,
    diffuse: Vec3,
    specular: (Vec3, f32),
    flags: u8,
    edge_color: [f32; 4],
    texture: Option<&'static str>,
    sphere: Option<&'static str>,
    toon: &'static str,
}

const EDGE: [f32; 4] = [0.25, 0.13, 0.12, 1.0];
const OUTLINED: u8 = mf::GROUND_SHADOW | mf::CAST_SELF_SHADOW | mf::RECEIVE_SELF_SHADOW | mf::EDGE;
const INNER: u8 = mf::CAST_SELF_SHADOW | mf::RECEIVE_SELF_SHADOW;

/// Material indices, in drawing order (MMD draws materials in file order).
mod mat {
    pub const SKIN: usize = 0;
    pub const FACE: usize = 1;
    pub const LEGS: usize = 2;
    pub const SHOES: usize = 3;
    pub const CLOTH: usize = 4;
    pub const SKIRT: usize = 5;
    pub const RIBBON: usize = 6;
    pub const EYES: usize = 7;
    pub const MOUTH: usize = 8;
    pub const HAIR: usize = 9;
}

fn materials() -> [MaterialSpec; 10] {
    let skin = Vec3::new(1.0, 0.9, 0.84);
    [
        MaterialSpec {
            name: "肌",
            name_en: "skin",
            diffuse: skin,
            specular: (Vec3::ZERO, 5.0),
            flags: OUTLINED,
            edge_color: EDGE,
            texture: None,
            sphere: None,
            toon: textures::TOON_SKIN,
        },
        MaterialSpec {
            name: "顔",
            name_en: "face",
            diffuse: Vec3::ONE,
            specular: (Vec3::ZERO, 5.0),
            flags: OUTLINED,
            edge_color: EDGE,
            texture: Some(textures::FACE),
            sphere: None,
            toon: textures::TOON_SKIN,
        },
        MaterialSpec {
            name: "脚",
            name_en: "legs",
            diffuse: Vec3::ONE,
            specular: (Vec3::splat(0.1), 20.0),
            flags: OUTLINED,
            edge_color: EDGE,
            texture: Some(textures::LEGS),
            sphere: None,
            toon: textures::TOON_SKIN,
        },
        MaterialSpec {
            name: "靴",
            name_en: "shoes",
            diffuse: Vec3::new(0.32, 0.18, 0.14),
            specular: (Vec3::splat(0.4), 30.0),
            flags: OUTLINED,
            edge_color: [0.08, 0.05, 0.05, 1.0],
            texture: None,
            sphere: None,
            toon: textures::TOON_CLOTH,
        },
        MaterialSpec {
            name: "服",
            name_en: "blouse",
            diffuse: Vec3::ONE,
            specular: (Vec3::ZERO, 5.0),
            flags: OUTLINED | mf::DOUBLE_SIDED,
            edge_color: [0.12, 0.13, 0.25, 1.0],
            texture: Some(textures::CLOTH),
            sphere: None,
            toon: textures::TOON_CLOTH,
        },
        MaterialSpec {
            name: "スカート",
            name_en: "skirt",
            diffuse: Vec3::ONE,
            specular: (Vec3::ZERO, 5.0),
            flags: OUTLINED | mf::DOUBLE_SIDED,
            edge_color: [0.08, 0.09, 0.18, 1.0],
            texture: Some(textures::SKIRT),
            sphere: None,
            toon: textures::TOON_CLOTH,
        },
        MaterialSpec {
            name: "リボン",
            name_en: "ribbons",
            diffuse: Vec3::new(0.86, 0.2, 0.22),
            specular: (Vec3::splat(0.2), 15.0),
            flags: OUTLINED,
            edge_color: [0.3, 0.05, 0.05, 1.0],
            texture: None,
            sphere: None,
            toon: textures::TOON_CLOTH,
        },
        MaterialSpec {
            name: "目",
            name_en: "eyes",
            diffuse: Vec3::ONE,
            specular: (Vec3::ZERO, 5.0),
            flags: INNER,
            edge_color: EDGE,
            texture: Some(textures::EYE),
            sphere: None,
            toon: textures::TOON_SKIN,
        },
        MaterialSpec {
            name: "口",
            name_en: "mouth",
            diffuse: Vec3::new(0.62, 0.2, 0.22),
            specular: (Vec3::ZERO, 5.0),
            flags: INNER,
            edge_color: EDGE,
            texture: None,
            sphere: None,
            toon: textures::TOON_SKIN,
        },
        MaterialSpec {
            name: "髪",
            name_en: "hair",
            diffuse: Vec3::ONE,
            specular: (Vec3::new(0.3, 0.25, 0.2), 40.0),
            flags: OUTLINED | mf::DOUBLE_SIDED,
            edge_color: [0.3, 0.1, 0.06, 1.0],
            texture: Some(textures::HAIR),
            sphere: Some(textures::HAIR_SPHERE),
            toon: textures::TOON_HAIR,
        },
    ]
}

/// The head's ellipsoid; the lower half narrows towards the chin.
const HEAD_CENTER: Vec3 = Vec3::new(0.0, 18.75, -0.1);
const HEAD_RADII: Vec3 = Vec3::new(2.05, 2.2, 2.0);

fn head_position(u: f32, v: f32) -> Vec3 {
    let p = ellipsoid(Vec3::ZERO, HEAD_RADII, Quat::IDENTITY)(u, v);
    let chin = (-(PI * v).cos()).max(0.0);
    let narrowing = 1.0 - 0.22 * chin * chin;
    HEAD_CENTER + Vec3::new(p.x * narrowing, p.y, p.z * narrowing)
}

/// The front of the head at (x, y), when that point is on the face.
fn head_front_z(x: f32, y: f32) -> f32 {
    let cos_phi = ((y - HEAD_CENTER.y) / HEAD_RADII.y).clamp(-1.0, 1.0);
    let sin_phi = (1.0 - cos_phi * cos_phi).sqrt();
    let chin = (-cos_phi).max(0.0);
    let narrowing = 1.0 - 0.22 * chin * chin;
    let across = (x - HEAD_CENTER.x) / (HEAD_RADII.x * narrowing);
    let depth = (sin_phi * sin_phi - across * across).max(0.0).sqrt();
    HEAD_CENTER.z - depth * HEAD_RADII.z * narrowing
}

/// A feature painted onto the face: an elliptical patch lying on the head's surface,
/// lifted a little and gently domed. Its vertices keep the head's curvature, so eyes and
/// mouth never sink into the head or float off it, and morphs re-project onto it.
#[derive(Clone, Copy)]
struct FacePart {
    center: Vec2,
    radii: Vec2,
    lift: f32,
    /// Upward curve of the patch's ends (a smiling mouth line).
    smile: f32,
}

impl FacePart {
    /// The point of the patch at (x, y) in the face plane.
    fn at(&self, x: f32, y: f32, dome: f32) -> Vec3 {
        Vec3::new(x, y, head_front_z(x, y) - self.lift - dome)
    }

    fn position(&self, u: f32, v: f32) -> Vec3 {
        let theta = TAU * u;
        let r = v;
        let lx = self.radii.x * r * theta.cos();
        let ly = self.radii.y * r * theta.sin() + self.smile * lx * lx;
        self.at(self.center.x + lx, self.center.y + ly, 0.04 * (1.0 - r * r))
    }

    /// The patch-local (x, y) of a vertex.
    fn local(&self, p: Vec3) -> Vec2 {
        Vec2::new(p.x, p.y) - self.center
    }

    /// Offset that moves a vertex to patch-local (x, y), back on the face.
    fn offset_to(&self, p: Vec3, local: Vec2) -> [f32; 3] {
        let dome = head_front_z(p.x, p.y) - self.lift - p.z;
        let target = self.center + local;
        (self.at(target.x, target.y, dome) - p).to_array()
    }

    fn mesh(&self, segments: (u32, u32), weight: &dyn Fn(Vec3) -> Weight) -> Mesh {
        let position = |u, v| self.position(u, v);
        let uv = |_: f32, _: f32, p: Vec3| {
            let l = self.local(p) / self.radii;
            Vec2::new(0.5 + 0.5 * l.x, 0.5 - 0.5 * l.y)
        };
        let surface = Surface {
            position: &position,
            uv: &uv,
            weight,
            segments,
            edge_scale: 0.0,
        };
        geometry::tessellate(&surface, &|p| p - HEAD_CENTER)
    }
}

fn eye_part(side: Side) -> FacePart {
    FacePart {
        center: Vec2::new(0.74 * side.sign(), 18.3),
        radii: Vec2::new(0.44, 0.58),
        lift: 0.02,
        smile: 0.0,
    }
}

fn mouth_part() -> FacePart {
    FacePart {
        center: Vec2::new(0.0, 17.42),
        radii: Vec2::new(0.24, 0.05),
        lift: 0.015,
        smile: 0.9,
    }
}

/// The whole mesh in material order.
struct Assembled {
    vertices: Vec<pmx::Vertex>,
    faces: Vec<[u32; 3]>,
    /// Face indices (3 per triangle) of each material.
    index_counts: Vec<u32>,
    /// First vertex of every part, by material then part.
    part_starts: Vec<Vec<u32>>,
}

/// The assembled mesh: parts collected per material, plus the vertex ranges the morphs need.
struct Builder {
    parts: Vec<Vec<Mesh>>,
}

impl Builder {
    fn add(&mut self, material: usize, mesh: Mesh) {
        self.parts[material].push(mesh);
    }

    /// Concatenates the parts in material order.
    fn finish(self) -> Assembled {
        let mut vertices = Vec::new();
        let mut faces = Vec::new();
        let mut counts = Vec::new();
        let mut starts = Vec::new();
        for meshes in self.parts {
            let mut count = 0;
            let mut material_starts = Vec::new();
            for mesh in meshes {
                let base = vertices.len() as u32;
                material_starts.push(base);
                faces.extend(mesh.faces.iter().map(|f| f.map(|i| i + base)));
                count += mesh.faces.len() as u32 * 3;
                vertices.extend(mesh.vertices);
            }
            counts.push(count);
            starts.push(material_starts);
        }
        Assembled {
            vertices,
            faces,
            index_counts: counts,
            part_starts: starts,
        }
    }
}

fn single(bone: i32) -> impl Fn(Vec3) -> Weight {
    move |_| Weight::Bdef1 { bone }
}

fn tube_mesh(
    tube: &Tube<'_>,
    segments: (u32, u32),
    uv: &dyn Fn(f32, f32, Vec3) -> Vec2,
    weight: &dyn Fn(Vec3) -> Weight,
) -> Mesh {
    let position = |u, v| tube.position(u, v);
    let surface = Surface {
        position: &position,
        uv,
        weight,
        segments,
        edge_scale: 1.0,
    };
    geometry::tessellate(&surface, &|p| tube.outward(p))
}

fn ellipsoid_mesh(
    center: Vec3,
    radii: Vec3,
    rotation: Quat,
    segments: (u32, u32),
    uv: &dyn Fn(f32, f32, Vec3) -> Vec2,
    weight: &dyn Fn(Vec3) -> Weight,
) -> Mesh {
    let position = ellipsoid(center, radii, rotation);
    let surface = Surface {
        position: &position,
        uv,
        weight,
        segments,
        edge_scale: 1.0,
    };
    geometry::tessellate(&surface, &|p| p - center)
}

fn plain_uv(u: f32, v: f32, _: Vec3) -> Vec2 {
    Vec2::new(u, v)
}

/// Builds the complete model.
pub fn build() -> Pmx {
    let skeleton = Skeleton::build();
    let bone = |name: &str| skeleton.index(name);
    let mut b = Builder {
        parts: (0..materials().len()).map(|_| Vec::new()).collect(),
    };

    add_head(&mut b, &bone);
    add_torso(&mut b, &bone);
    for side in Side::BOTH {
        add_arm(&mut b, &bone, side);
        add_leg(&mut b, &bone, side);
        add_hair_tail(&mut b, &bone, side);
    }
    add_hair_cap(&mut b, &bone);

    let Assembled {
        vertices,
        faces,
        index_counts: counts,
        part_starts: starts,
    } = b.finish();
    let morphs = face_morphs(&vertices, &starts);

    let specs = materials();
    let mut texture_paths: Vec<String> = Vec::new();
    let mut texture_index = |path: Option<&str>| -> i32 {
        let Some(path) = path else { return -1 };
        // PMX stores paths the Windows way.
        let stored = path.replace('/', "\\");
        match texture_paths.iter().position(|p| *p == stored) {
            Some(i) => i as i32,
            None => {
                texture_paths.push(stored);
                texture_paths.len() as i32 - 1
            }
        }
    };
    let materials = specs
        .iter()
        .zip(&counts)
        .map(|(spec, &index_count)| Material {
            name: spec.name.to_owned(),
            name_en: spec.name_en.to_owned(),
            diffuse: [spec.diffuse.x, spec.diffuse.y, spec.diffuse.z, 1.0],
            specular: spec.specular.0.to_array(),
            specular_power: spec.specular.1,
            ambient: (spec.diffuse * 0.55).to_array(),
            flags: spec.flags,
            edge_color: spec.edge_color,
            edge_size: 1.0,
            texture: texture_index(spec.texture),
            sphere_texture: texture_index(spec.sphere),
            sphere_mode: if spec.sphere.is_some() {
                SphereMode::Add
            } else {
                SphereMode::None
            },
            toon: Toon::Texture(texture_index(Some(spec.toon))),
            memo: String::new(),
            index_count,
        })
        .collect();

    let display_frames = display_frames(&skeleton, &morphs);
    Pmx {
        header: pmx::Header::default(),
        name: MODEL_NAME.to_owned(),
        name_en: "Rust-chan".to_owned(),
        comment: "mmd-player の標準モデル。プログラムで生成 (crates/mmd-assets)。\n\
                  ライセンス: MIT OR Apache-2.0"
            .to_owned(),
        comment_en: "The default model of mmd-player, generated by crates/mmd-assets.\n\
                     Licence: MIT OR Apache-2.0"
            .to_owned(),
        vertices,
        faces,
        textures: texture_paths,
        materials,
        bones: skeleton.bones,
        morphs,
        display_frames,
        ..Pmx::default()
    }
}

fn add_head(b: &mut Builder, bone: &dyn Fn(&str) -> i32) {
    let head = bone("頭");
    let position = head_position;
    let surface = Surface {
        position: &position,
        uv: &plain_uv,
        weight: &single(head),
        segments: (48, 32),
        edge_scale: 1.0,
    };
    b.add(
        mat::FACE,
        geometry::tessellate(&surface, &|p| p - HEAD_CENTER),
    );

    let neck = Tube {
        start: Vec3::new(0.0, 15.9, 0.0),
        end: Vec3::new(0.0, 17.6, -0.05),
        radii: &[(0.0, 0.45), (1.0, 0.4)],
        squash: 0.92,
        side: Vec3::X,
        cap_start: false,
        cap_end: false,
    };
    let (upper, neck_bone) = (bone("上半身"), bone("首"));
    let weight = move |p: Vec3| chain_weight(p.y, upper, &[(16.1, neck_bone), (17.0, head)], 0.3);
    b.add(mat::SKIN, tube_mesh(&neck, (16, 6), &plain_uv, &weight));

    // Eyes and mouth: separate parts so the morphs can find their vertices (the first two
    // eye parts, the first mouth part).
    for side in Side::BOTH {
        b.add(mat::EYES, eye_part(side).mesh((24, 8), &single(head)));
    }
    b.add(mat::MOUTH, mouth_part().mesh((24, 4), &single(head)));
}

fn add_torso(b: &mut Builder, bone: &dyn Fn(&str) -> i32) {
    let (lower, upper, neck) = (bone("下半身"), bone("上半身"), bone("首"));
    let torso = Tube {
        start: Vec3::new(0.0, 16.55, 0.0),
        end: Vec3::new(0.0, 10.25, 0.0),
        radii: &[
            (0.0, 0.55),
            (0.09, 1.2),
            (0.18, 1.55),
            (0.34, 1.58),
            (0.6, 1.22),
            (0.8, 1.45),
            (1.0, 1.55),
        ],
        squash: 0.72,
        side: Vec3::X,
        cap_start: true,
        cap_end: true,
    };
    let weight = move |p: Vec3| chain_weight(p.y, lower, &[(11.2, upper), (16.1, neck)], 0.5);
    let uv = |u: f32, v: f32, _: Vec3| Vec2::new(u * 0.5, v);
    b.add(mat::CLOTH, tube_mesh(&torso, (40, 40), &uv, &weight));

    // A pleated skirt, flaring from the waist; the hem follows the legs a little so a
    // stepping thigh does not poke through it.
    let skirt = Tube {
        start: Vec3::new(0.0, 12.0, 0.0),
        end: Vec3::new(0.0, 8.7, 0.0),
        radii: &[(0.0, 1.4), (0.35, 2.0), (1.0, 2.9)],
        squash: 0.78,
        side: Vec3::X,
        cap_start: false,
        cap_end: false,
    };
    let pleated = |u: f32, v: f32| {
        let p = skirt.position(u, v);
        let out = skirt.outward(p).normalize_or_zero();
        p + out * (0.09 * v * (16.0 * TAU * u).sin())
    };
    let legs = [bone("左足D"), bone("右足D")];
    let skirt_weight = move |p: Vec3| {
        let hem = smoothstep(11.5, 8.7, p.y);
        let side = if p.x >= 0.0 { legs[0] } else { legs[1] };
        let share = 0.5 * hem * smoothstep(0.0, 1.6, p.x.abs());
        bdef2(lower, side, 1.0 - share)
    };
    let surface = Surface {
        position: &pleated,
        uv: &plain_uv,
        weight: &skirt_weight,
        segments: (96, 10),
        edge_scale: 1.0,
    };
    b.add(
        mat::SKIRT,
        geometry::tessellate(&surface, &|p| skirt.outward(p)),
    );

    // A bow at the collar's V.
    for (dx, radii) in [
        (-0.34, Vec3::new(0.36, 0.22, 0.1)),
        (0.34, Vec3::new(0.36, 0.22, 0.1)),
        (0.0, Vec3::new(0.14, 0.14, 0.12)),
    ] {
        let center = Vec3::new(dx, 14.05, -1.2);
        let tilt = Quat::from_rotation_z(-0.25 * dx.signum());
        b.add(
            mat::RIBBON,
            ellipsoid_mesh(center, radii, tilt, (16, 10), &plain_uv, &single(upper)),
        );
    }
}

fn add_arm(b: &mut Builder, bone: &dyn Fn(&str) -> i32, side: Side) {
    let p = side.prefix();
    let (shoulder, arm, elbow, wrist) = (
        bone(&format!("{p}肩")),
        bone(&format!("{p}腕")),
        bone(&format!("{p}ひじ")),
        bone(&format!("{p}手首")),
    );
    let (arm_at, elbow_at, wrist_at) = (
        side.place(joint::ARM),
        side.place(joint::ELBOW),
        side.place(joint::WRIST),
    );
    let dir = (wrist_at - arm_at).normalize();
    let start = arm_at - dir * 0.7;
    let tube = Tube {
        start,
        end: wrist_at + dir * 0.1,
        radii: &[
            (0.0, 0.5),
            (0.3, 0.47),
            (0.52, 0.38),
            (0.66, 0.4),
            (1.0, 0.27),
        ],
        squash: 0.95,
        side: Vec3::Z,
        cap_start: true,
        cap_end: true,
    };
    let along = |q: Vec3| (q - start).dot(dir);
    let joints = [
        (along(arm_at), arm),
        (along(elbow_at), elbow),
        (along(wrist_at), wrist),
    ];
    let weight = move |q: Vec3| chain_weight((q - start).dot(dir), shoulder, &joints, 0.4);
    b.add(mat::SKIN, tube_mesh(&tube, (20, 28), &plain_uv, &weight));

    // Puffed short sleeve.
    let sleeve = Tube {
        start: arm_at - dir * 0.55,
        end: arm_at + dir * 1.3,
        radii: &[(0.0, 0.66), (0.5, 0.68), (1.0, 0.6)],
        squash: 0.95,
        side: Vec3::Z,
        cap_start: true,
        cap_end: false,
    };
    let sleeve_uv = |u: f32, v: f32, _: Vec3| Vec2::new(0.5 + u * 0.5, v);
    b.add(
        mat::CLOTH,
        tube_mesh(&sleeve, (20, 10), &sleeve_uv, &weight),
    );

    // A mitten hand, flat across the palm.
    let hand_center = wrist_at + dir * 0.55;
    let turn = Quat::from_rotation_arc(Vec3::NEG_Y, dir);
    b.add(
        mat::SKIN,
        ellipsoid_mesh(
            hand_center,
            Vec3::new(0.2, 0.52, 0.33),
            turn,
            (16, 12),
            &plain_uv,
            &single(wrist),
        ),
    );
}

fn add_leg(b: &mut Builder, bone: &dyn Fn(&str) -> i32, side: Side) {
    let p = side.prefix();
    let (lower, leg, knee, ankle, toe) = (
        bone("下半身"),
        bone(&format!("{p}足D")),
        bone(&format!("{p}ひざD")),
        bone(&format!("{p}足首D")),
        bone(&format!("{p}足先EX")),
    );
    let start = side.place(joint::LEG) + Vec3::new(0.0, 0.6, 0.0);
    let end = side.place(joint::ANKLE) - Vec3::new(0.0, 0.1, 0.0);
    let tube = Tube {
        start,
        end,
        radii: &[
            (0.0, 0.86),
            (0.15, 0.8),
            (0.45, 0.5),
            (0.55, 0.47),
            (0.68, 0.52),
            (1.0, 0.3),
        ],
        squash: 0.95,
        side: Vec3::X,
        cap_start: true,
        cap_end: true,
    };
    let dir = tube.axis();
    let along = move |q: Vec3| (q - start).dot(dir);
    let joints = [
        (along(side.place(joint::LEG)), leg),
        (along(side.place(joint::KNEE)), knee),
        (along(side.place(joint::ANKLE)), ankle),
    ];
    let weight = move |q: Vec3| chain_weight(along(q), lower, &joints, 0.5);
    b.add(mat::LEGS, tube_mesh(&tube, (20, 36), &plain_uv, &weight));

    // A rounded shoe with a flat sole; the front follows the toe bone.
    let shoe_center = Vec3::new(0.95 * side.sign(), 0.5, -0.35);
    let shoe = ellipsoid(shoe_center, Vec3::new(0.52, 0.55, 1.05), Quat::IDENTITY);
    let flat_soled = move |u: f32, v: f32| {
        let q = shoe(u, v);
        Vec3::new(q.x, q.y.max(0.02), q.z)
    };
    let shoe_weight = move |q: Vec3| chain_weight(-q.z, ankle, &[(0.75, toe)], 0.3);
    let surface = Surface {
        position: &flat_soled,
        uv: &plain_uv,
        weight: &shoe_weight,
        segments: (20, 14),
        edge_scale: 1.0,
    };
    b.add(
        mat::SHOES,
        geometry::tessellate(&surface, &|q| q - shoe_center),
    );
}

fn add_hair_cap(b: &mut Builder, bone: &dyn Fn(&str) -> i32) {
    let head = bone("頭");
    let center = HEAD_CENTER + Vec3::new(0.0, 0.08, 0.06);
    let radii = Vec3::new(2.22, 2.36, 2.2);
    // The cap's lower edge: at the brow in front (with pointed bangs), at the nape behind.
    let reach = |u: f32| {
        let theta = TAU * u;
        let front = (-theta.sin()).max(0.0);
        let bangs = ((u * 22.0).fract() - 0.5).abs() * 2.0;
        PI * (0.6 + 0.2 * theta.sin() + 0.07 * bangs * front * front)
    };
    let position = move |u: f32, v: f32| {
        let (theta, phi) = (TAU * u, v * reach(u));
        center
            + Vec3::new(
                phi.sin() * theta.cos() * radii.x,
                phi.cos() * radii.y,
                phi.sin() * theta.sin() * radii.z,
            )
    };
    let uv = move |u: f32, v: f32, _: Vec3| Vec2::new(u, v * reach(u) / PI);
    let surface = Surface {
        position: &position,
        uv: &uv,
        weight: &single(head),
        segments: (88, 20),
        edge_scale: 1.0,
    };
    b.add(mat::HAIR, geometry::tessellate(&surface, &|p| p - center));

    // Side locks framing the face.
    for side in Side::BOTH {
        let lock = Tube {
            start: Vec3::new(1.72 * side.sign(), 19.3, -0.75),
            end: Vec3::new(1.78 * side.sign(), 16.5, -0.9),
            radii: &[(0.0, 0.3), (0.3, 0.36), (1.0, 0.05)],
            squash: 0.55,
            side: Vec3::Z,
            cap_start: true,
            cap_end: true,
        };
        b.add(
            mat::HAIR,
            tube_mesh(
                &lock,
                (12, 12),
                &|u, v, _| Vec2::new(u, 0.4 + 0.6 * v),
                &single(head),
            ),
        );
    }
}

fn add_hair_tail(b: &mut Builder, bone: &dyn Fn(&str) -> i32, side: Side) {
    let p = side.prefix();
    let (head, root, mid) = (
        bone("頭"),
        bone(&format!("{p}髪1")),
        bone(&format!("{p}髪2")),
    );
    let root_at = side.place(joint::HAIR_ROOT);
    let tip = side.place(Vec3::new(2.5, 11.8, 1.8));
    let tail = Tube {
        start: root_at,
        end: tip,
        radii: &[
            (0.0, 0.36),
            (0.1, 0.72),
            (0.35, 0.86),
            (0.7, 0.6),
            (1.0, 0.07),
        ],
        squash: 0.8,
        side: Vec3::X,
        cap_start: true,
        cap_end: true,
    };
    let dir = tail.axis();
    let mid_along = (side.place(joint::HAIR_MID) - root_at).dot(dir);
    let weight = move |q: Vec3| {
        chain_weight(
            (q - root_at).dot(dir),
            head,
            &[(0.25, root), (mid_along, mid)],
            0.6,
        )
    };
    b.add(
        mat::HAIR,
        tube_mesh(
            &tail,
            (18, 30),
            &|u, v, _| Vec2::new(u, 0.4 + 0.6 * v),
            &weight,
        ),
    );

    // A ribbon bow tying the tail.
    for dz in [-0.5, 0.5] {
        let center = root_at + Vec3::new(0.25 * side.sign(), 0.25, dz);
        let tilt = Quat::from_rotation_x(0.5 * dz.signum());
        b.add(
            mat::RIBBON,
            ellipsoid_mesh(
                center,
                Vec3::new(0.16, 0.34, 0.5),
                tilt,
                (14, 10),
                &plain_uv,
                &single(head),
            ),
        );
    }
}

/// Vertex morphs of the face: eyes are the first two parts of the eye material, the mouth
/// the first part of the mouth material.
fn face_morphs(vertices: &[pmx::Vertex], starts: &[Vec<u32>]) -> Vec<Morph> {
    let part_range = |material: usize, part: usize| -> std::ops::Range<u32> {
        let begin = starts[material][part];
        let end = starts[material]
            .get(part + 1)
            .copied()
            .or_else(|| starts.get(material + 1).and_then(|s| s.first().copied()))
            .unwrap_or(vertices.len() as u32);
        begin..end
    };
    let offsets =
        |range: std::ops::Range<u32>, part: FacePart, shape: &dyn Fn(Vec2, Vec2) -> Vec2| {
            range
                .map(|i| {
                    let p = Vec3::from_array(vertices[i as usize].position);
                    VertexOffset {
                        vertex: i,
                        offset: part.offset_to(p, shape(part.local(p), part.radii)),
                    }
                })
                .collect::<Vec<_>>()
        };
    let eyes = |shape: &dyn Fn(Vec2, Vec2) -> Vec2| {
        let mut all = offsets(part_range(mat::EYES, 0), eye_part(Side::Left), shape);
        all.extend(offsets(
            part_range(mat::EYES, 1),
            eye_part(Side::Right),
            shape,
        ));
        all
    };
    let mouth = |shape: &dyn Fn(Vec2, Vec2) -> Vec2| {
        offsets(part_range(mat::MOUTH, 0), mouth_part(), shape)
    };

    let morph = |name: &str, name_en: &str, panel, offsets| Morph {
        name: name.to_owned(),
        name_en: name_en.to_owned(),
        panel,
        offsets: MorphOffsets::Vertex(offsets),
    };
    vec![
        // Closed: squashed to a lash line a little below the middle.
        morph(
            "まばたき",
            "blink",
            MorphPanel::Eye,
            eyes(&|l, r| Vec2::new(l.x, l.y * 0.08 - 0.3 * r.y)),
        ),
        // Happy closed eyes: an upward arch.
        morph(
            "笑い",
            "smile",
            MorphPanel::Eye,
            eyes(&|l, r| {
                let x = l.x / r.x;
                Vec2::new(l.x, l.y * 0.1 + r.y * (0.15 - 0.55 * x * x))
            }),
        ),
        morph(
            "あ",
            "a",
            MorphPanel::Mouth,
            mouth(&|l, r| Vec2::new(l.x * 0.9, l.y * 4.2 - r.y * 2.2)),
        ),
        morph(
            "い",
            "i",
            MorphPanel::Mouth,
            mouth(&|l, _| Vec2::new(l.x * 1.35, l.y * 1.8)),
        ),
        morph(
            "う",
            "u",
            MorphPanel::Mouth,
            mouth(&|l, r| Vec2::new(l.x * 0.5, l.y * 2.6 - r.y * 0.6)),
        ),
    ]
}

fn display_frames(skeleton: &Skeleton, morphs: &[Morph]) -> Vec<DisplayFrame> {
    let bones = |names: &[&str]| -> Vec<DisplayElement> {
        names
            .iter()
            .map(|n| DisplayElement::Bone(skeleton.index(n)))
            .collect()
    };
    let frame = |name: &str, name_en: &str, special, elements| DisplayFrame {
        name: name.to_owned(),
        name_en: name_en.to_owned(),
        special,
        elements,
    };
    vec![
        frame("Root", "Root", true, bones(&["全ての親"])),
        frame(
            "表情",
            "Exp",
            true,
            (0..morphs.len() as i32)
                .map(DisplayElement::Morph)
                .collect(),
        ),
        frame("センター", "Center", false, bones(&["センター"])),
        frame(
            "ＩＫ",
            "IK",
            false,
            bones(&["左足ＩＫ", "左つま先ＩＫ", "右足ＩＫ", "右つま先ＩＫ"]),
        ),
        frame(
            "体(上)",
            "Upper body",
            false,
            bones(&["上半身", "首", "頭"]),
        ),
        frame(
            "腕",
            "Arms",
            false,
            bones(&[
                "左肩P",
                "左肩",
                "左腕",
                "左ひじ",
                "左手首",
                "右肩P",
                "右肩",
                "右腕",
                "右ひじ",
                "右手首",
            ]),
        ),
        frame(
            "足",
            "Legs",
            false,
            bones(&[
                "下半身",
                "左足",
                "左ひざ",
                "左足首",
                "右足",
                "右ひざ",
                "右足首",
                "左足D",
                "左ひざD",
                "左足首D",
                "左足先EX",
                "右足D",
                "右ひざD",
                "右足首D",
                "右足先EX",
            ]),
        ),
        frame(
            "髪",
            "Hair",
            false,
            bones(&["左髪1", "左髪2", "右髪1", "右髪2"]),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn materials_cover_every_face_and_weights_are_valid() {
        let model = build();
        let total: u32 = model.materials.iter().map(|m| m.index_count).sum();
        assert_eq!(total as usize, model.faces.len() * 3);
        assert!(model.materials.iter().all(|m| m.index_count > 0));
        let bones = model.bones.len() as i32;
        for v in &model.vertices {
            match v.weight {
                Weight::Bdef1 { bone } => assert!((0..bones).contains(&bone)),
                Weight::Bdef2 {
                    bones: [a, b],
                    weight,
                } => {
                    assert!((0..bones).contains(&a) && (0..bones).contains(&b));
                    assert!((0.0..=1.0).contains(&weight));
                }
                ref other => panic!("unexpected weight {other:?}"),
            }
            let n = Vec3::from_array(v.normal);
            assert!((n.length() - 1.0).abs() < 1e-3, "normal {n}");
        }
        assert!(
            model
                .faces
                .iter()
                .flatten()
                .all(|&i| (i as usize) < model.vertices.len())
        );
    }

    #[test]
    fn joints_blend_between_bones() {
        let model = build();
        let elbow = model.bones.iter().position(|b| b.name == "左ひじ").unwrap() as i32;
        let arm = model.bones.iter().position(|b| b.name == "左腕").unwrap() as i32;
        assert!(model.vertices.iter().any(|v| matches!(
            v.weight,
            Weight::Bdef2 { bones, .. } if bones == [arm, elbow]
        )));
    }

    #[test]
    fn blink_closes_both_eyes() {
        let model = build();
        let blink = model.morphs.iter().find(|m| m.name == "まばたき").unwrap();
        let MorphOffsets::Vertex(offsets) = &blink.offsets else {
            panic!("blink is a vertex morph")
        };
        let eye_faces = model.materials[mat::EYES].index_count / 3;
        assert!(eye_faces > 0);
        // Every eye vertex moves, on both sides, and the eyes end up much flatter.
        let xs: Vec<f32> = offsets
            .iter()
            .map(|o| model.vertices[o.vertex as usize].position[0])
            .collect();
        assert!(xs.iter().any(|&x| x > 0.3) && xs.iter().any(|&x| x < -0.3));
        let closed_height = |side: f32| {
            let ys: Vec<f32> = offsets
                .iter()
                .filter(|o| model.vertices[o.vertex as usize].position[0] * side > 0.0)
                .map(|o| model.vertices[o.vertex as usize].position[1] + o.offset[1])
                .collect();
            ys.iter().cloned().fold(f32::MIN, f32::max)
                - ys.iter().cloned().fold(f32::MAX, f32::min)
        };
        assert!(closed_height(1.0) < 0.2 && closed_height(-1.0) < 0.2);
    }
}
