//! Material parameters: the PMX values, material-morph arithmetic, and the uniform block the
//! shaders read (`Material` in `shaders/mmd.wgsl`).

use bytemuck::{Pod, Zeroable};
use mmd_format::pmx::{Material, MaterialOffset, SphereMode};

/// The morphable values of a material morph offset, flattened in the order of
/// [`MaterialOffset`]: diffuse 4, specular 3, specular power 1, ambient 3, edge colour 4,
/// edge size 1, texture tint 4, sphere tint 4, toon tint 4.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaterialTint([f32; TINT_LEN]);

const TINT_LEN: usize = 28;
/// MMD's alpha test: a pixel (or an edge) whose alpha is below this is not drawn.
pub(crate) const EDGE_MIN_ALPHA: f32 = 0.002;
/// `fs_cast`'s alpha test in `shaders/mmd.wgsl`: a texel whose alpha × diffuse alpha is below
/// it casts no self-shadow.
pub(crate) const CAST_MIN_ALPHA: f32 = 0.002;
const DIFFUSE: usize = 0;
const SPECULAR: usize = 4;
const POWER: usize = 7;
const AMBIENT: usize = 8;
const EDGE_COLOR: usize = 11;
const EDGE_SIZE: usize = 15;
const TEXTURE: usize = 16;
const SPHERE: usize = 20;
const TOON: usize = 24;

impl MaterialTint {
    pub fn multiply_identity() -> MaterialTint {
        MaterialTint([1.0; TINT_LEN])
    }

    pub fn add_identity() -> MaterialTint {
        MaterialTint([0.0; TINT_LEN])
    }

    pub fn from_offset(o: &MaterialOffset) -> MaterialTint {
        let mut v = [0.0; TINT_LEN];
        v[DIFFUSE..DIFFUSE + 4].copy_from_slice(&o.diffuse);
        v[SPECULAR..SPECULAR + 3].copy_from_slice(&o.specular);
        v[POWER] = o.specular_power;
        v[AMBIENT..AMBIENT + 3].copy_from_slice(&o.ambient);
        v[EDGE_COLOR..EDGE_COLOR + 4].copy_from_slice(&o.edge_color);
        v[EDGE_SIZE] = o.edge_size;
        v[TEXTURE..TEXTURE + 4].copy_from_slice(&o.texture_tint);
        v[SPHERE..SPHERE + 4].copy_from_slice(&o.sphere_tint);
        v[TOON..TOON + 4].copy_from_slice(&o.toon_tint);
        MaterialTint(v)
    }

    /// A multiply morph at weight `w` scales by lerp(1, offset, w).
    pub fn multiply_towards(&mut self, offset: &MaterialTint, w: f32) {
        for (acc, o) in self.0.iter_mut().zip(offset.0) {
            *acc *= 1.0 + (o - 1.0) * w;
        }
    }

    /// An add morph at weight `w` adds offset × w.
    pub fn add_scaled(&mut self, offset: &MaterialTint, w: f32) {
        for (acc, o) in self.0.iter_mut().zip(offset.0) {
            *acc += o * w;
        }
    }

    fn get<const N: usize>(&self, at: usize) -> [f32; N] {
        let mut out = [0.0; N];
        out.copy_from_slice(&self.0[at..at + N]);
        out
    }
}

/// A material's current parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaterialParams {
    pub diffuse: [f32; 4],
    pub specular: [f32; 3],
    pub specular_power: f32,
    pub ambient: [f32; 3],
    pub edge_color: [f32; 4],
    pub edge_size: f32,
    pub texture_mul: [f32; 4],
    pub texture_add: [f32; 4],
    pub sphere_mul: [f32; 4],
    pub sphere_add: [f32; 4],
    pub toon_mul: [f32; 4],
    pub toon_add: [f32; 4],
}

impl MaterialParams {
    pub fn from_pmx(m: &Material) -> MaterialParams {
        MaterialParams {
            diffuse: m.diffuse,
            specular: m.specular,
            specular_power: m.specular_power,
            ambient: m.ambient,
            edge_color: m.edge_color,
            edge_size: m.edge_size,
            texture_mul: [1.0; 4],
            texture_add: [0.0; 4],
            sphere_mul: [1.0; 4],
            sphere_add: [0.0; 4],
            toon_mul: [1.0; 4],
            toon_add: [0.0; 4],
        }
    }

    /// value × mul + add for every value; the tints become the shader's mul/add pairs.
    pub fn apply_morph(&mut self, mul: &MaterialTint, add: &MaterialTint) {
        fn blend<const N: usize>(v: &mut [f32; N], mul: [f32; N], add: [f32; N]) {
            for k in 0..N {
                v[k] = v[k] * mul[k] + add[k];
            }
        }
        blend(&mut self.diffuse, mul.get(DIFFUSE), add.get(DIFFUSE));
        blend(&mut self.specular, mul.get(SPECULAR), add.get(SPECULAR));
        self.specular_power = self.specular_power * mul.0[POWER] + add.0[POWER];
        blend(&mut self.ambient, mul.get(AMBIENT), add.get(AMBIENT));
        blend(
            &mut self.edge_color,
            mul.get(EDGE_COLOR),
            add.get(EDGE_COLOR),
        );
        self.edge_size = self.edge_size * mul.0[EDGE_SIZE] + add.0[EDGE_SIZE];
        self.texture_mul = mul.get(TEXTURE);
        self.texture_add = add.get(TEXTURE);
        self.sphere_mul = mul.get(SPHERE);
        self.sphere_add = add.get(SPHERE);
        self.toon_mul = mul.get(TOON);
        self.toon_add = add.get(TOON);
    }

    /// Whether the edge survives MMD's alpha test (edge alpha × diffuse alpha below
    /// [`EDGE_MIN_ALPHA`] draws nothing).
    pub fn edge_visible(&self) -> bool {
        self.edge_color[3] * self.diffuse[3] >= EDGE_MIN_ALPHA
    }

    /// Whether `fs_cast`'s alpha test keeps every fragment of the material drawn with
    /// `opacity` when it has no texture (diffuse alpha below [`CAST_MIN_ALPHA`] casts no
    /// shadow; the uniform holds the same product, so the two decide alike).
    pub fn casts_solid(&self, opacity: f32) -> bool {
        self.diffuse[3] * opacity >= CAST_MIN_ALPHA
    }

    /// The uniform block for these parameters drawn as `switches` say, with the diffuse
    /// alpha scaled by `opacity` (an accessory's Tr; 1 for models).
    pub fn uniform(&self, switches: MaterialSwitches, opacity: f32) -> MaterialUniform {
        let MaterialSwitches {
            sphere_mode,
            receives_self_shadow,
            shading,
        } = switches;
        let mode = match sphere_mode {
            SphereMode::None => 0.0,
            SphereMode::Multiply => 1.0,
            SphereMode::Add => 2.0,
            SphereMode::SubTexture => 3.0,
        };
        let [sr, sg, sb] = self.specular;
        let [ar, ag, ab] = self.ambient;
        let [dr, dg, db, da] = self.diffuse;
        MaterialUniform {
            diffuse: [dr, dg, db, da * opacity],
            specular: [sr, sg, sb, self.specular_power],
            ambient: [ar, ag, ab, 0.0],
            edge_color: self.edge_color,
            params: [
                self.edge_size,
                mode,
                if receives_self_shadow { 1.0 } else { 0.0 },
                match shading {
                    Shading::Model => 0.0,
                    Shading::Accessory => 1.0,
                },
            ],
            texture_mul: self.texture_mul,
            texture_add: self.texture_add,
            sphere_mul: self.sphere_mul,
            sphere_add: self.sphere_add,
            toon_mul: self.toon_mul,
            toon_add: self.toon_add,
        }
    }
}

/// How a material is lit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shading {
    /// A PMX/PMD model's: ambient + diffuse × light, shaded by its toon ramp.
    #[default]
    Model,
    /// An accessory's (a `.x` mesh): emissive + diffuse lit by N·L, no toon.
    Accessory,
}

/// What a material's uniform block says besides its (morphable) colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaterialSwitches {
    pub sphere_mode: SphereMode,
    /// Darkened by the self-shadow map (PMX flag 0x08).
    pub receives_self_shadow: bool,
    pub shading: Shading,
}

/// `Material` in `shaders/mmd.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable, Debug, PartialEq)]
pub struct MaterialUniform {
    diffuse: [f32; 4],
    specular: [f32; 4],
    ambient: [f32; 4],
    edge_color: [f32; 4],
    params: [f32; 4],
    texture_mul: [f32; 4],
    texture_add: [f32; 4],
    sphere_mul: [f32; 4],
    sphere_add: [f32; 4],
    toon_mul: [f32; 4],
    toon_add: [f32; 4],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiply_and_add_morphs_follow_mmd() {
        let material = Material {
            diffuse: [0.8, 0.6, 0.4, 1.0],
            edge_size: 1.0,
            ..Default::default()
        };
        let mut params = MaterialParams::from_pmx(&material);
        let mut mul = MaterialTint::multiply_identity();
        let mut add = MaterialTint::add_identity();
        let hide = MaterialOffset {
            diffuse: [0.0, 0.0, 0.0, 0.0],
            edge_size: 0.0,
            texture_tint: [0.5; 4],
            ..Default::default()
        };
        mul.multiply_towards(&MaterialTint::from_offset(&hide), 0.5);
        let redden = MaterialOffset {
            diffuse: [0.2, 0.0, 0.0, 0.0],
            ..Default::default()
        };
        add.add_scaled(&MaterialTint::from_offset(&redden), 0.5);
        params.apply_morph(&mul, &add);
        assert_eq!(params.diffuse, [0.8 * 0.5 + 0.1, 0.3, 0.2, 0.5]);
        assert_eq!(params.edge_size, 0.5);
        assert_eq!(params.texture_mul, [0.75; 4]);
        assert_eq!(params.texture_add, [0.0; 4]);
    }

    /// MMD's alpha test on the edge: edge alpha × diffuse alpha below 0.002 draws nothing,
    /// including when a material morph fades either alpha out.
    #[test]
    fn edge_alpha_test_follows_edge_and_diffuse_alpha() {
        let material = Material {
            diffuse: [1.0; 4],
            edge_color: [1.0, 0.0, 0.0, 1.0],
            ..Default::default()
        };
        let visible = |edge_alpha: f32, diffuse_alpha: f32| {
            let mut params = MaterialParams::from_pmx(&material);
            params.edge_color[3] = edge_alpha;
            params.diffuse[3] = diffuse_alpha;
            params.edge_visible()
        };
        assert!(visible(1.0, 1.0));
        assert!(visible(0.04, 0.05));
        assert!(!visible(0.0, 1.0));
        assert!(!visible(1.0, 0.001));
        assert!(!visible(0.04, 0.04));

        let mut params = MaterialParams::from_pmx(&material);
        let mut mul = MaterialTint::multiply_identity();
        let fade = MaterialOffset {
            diffuse: [1.0; 4],
            edge_color: [1.0, 1.0, 1.0, 0.0],
            edge_size: 1.0,
            ..Default::default()
        };
        mul.multiply_towards(&MaterialTint::from_offset(&fade), 1.0);
        params.apply_morph(&mul, &MaterialTint::add_identity());
        assert!(!params.edge_visible());
    }
}
