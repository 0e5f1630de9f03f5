//! MMD's self-shadow map: the light's view and projection fitted to the camera, and the
//! depth texture the casting materials are drawn into.
//!
//! The projection is MMD's own (as nanoem reproduces it, `emapp/src/ShadowCamera.cc`): the
//! light looks along its direction from 50 units behind the camera, its image's vertical axis
//! is the camera's view direction flattened onto the light's plane, and a perspective along
//! that axis spends the map's resolution near the camera. The shadow distance scales it
//! (`SelfShadow::projection_scale`); mode 2 covers a third less ground than mode 1, sharper;
//! when the camera looks nearly along the light (|cos| > 0.8) both blend towards a plain
//! square fit. The comparison thresholds live in `shaders/mmd.wgsl` (`shadow_coverage`).

use glam::{Mat3, Mat4, Vec3, Vec4};
use mmd_pose::{SelfShadow, SelfShadowMode};

use mmd_pose::Camera;

/// Side of the square shadow map in texels (MMD's default precision).
pub const SHADOW_MAP_SIZE: u32 = 2048;
/// Depth format of the shadow map.
pub(crate) const SHADOW_MAP_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// How far behind the camera, along the light, the light's eye sits (MMD units).
const LIGHT_BACK_OFF: f32 = 50.0;

/// World → the light's view: x across both the camera's and the light's directions, y the
/// camera's view direction on the light's plane, z the light's direction.
fn light_view(eye: Vec3, forward: Vec3, light_dir: Vec3) -> Mat4 {
    let z = light_dir.try_normalize().unwrap_or(Vec3::NEG_Y);
    let x = forward
        .cross(z)
        .try_normalize()
        .unwrap_or_else(|| z.any_orthonormal_vector());
    let y = z.cross(x);
    let origin = eye - z * LIGHT_BACK_OFF;
    Mat4::from_mat3(Mat3::from_cols(x, y, z).transpose()) * Mat4::from_translation(-origin)
}

/// The light's view → clip for `setting`, given |cos| of the angle between the camera's and
/// the light's directions.
fn light_projection(setting: &SelfShadow, cos_view_light: f32) -> Mat4 {
    let d = setting.projection_scale();
    // Mode 2 magnifies by 3 where mode 1 does by 2, and its perspective is three times as
    // strong; `c` shapes the blend towards the light's axis.
    let (scale, c) = match setting.mode {
        SelfShadowMode::Mode2 => (3.0, [3.0, -4.7, 1.8]),
        SelfShadowMode::Mode1 | SelfShadowMode::Off => (2.0, [1.0, -1.3, 0.4]),
    };
    let depth = Vec4::new(0.0, 0.0, 0.15 * d, 0.0);
    let a = cos_view_light.abs().min(1.0);
    if a > 0.9 {
        let near_axis = 1.0 - a;
        return Mat4::from_cols(
            Vec4::new(d, 0.0, 0.0, 0.0),
            Vec4::new(0.0, d, 0.5 * d * near_axis, d * near_axis),
            depth,
            Vec4::new(0.0, a - 1.0, 0.0, 1.0),
        );
    }
    let (mut xy, mut w_per_y, mut y_offset) = (scale * d, c[0] * d, -1.0);
    if a > 0.8 {
        let t = 10.0 * (a - 0.8);
        xy += (d - xy) * t;
        w_per_y = d * (c[0] + c[1] * t + c[2] * t * t);
        y_offset += 0.9 * t;
    }
    Mat4::from_cols(
        Vec4::new(xy, 0.0, 0.0, 0.0),
        Vec4::new(0.0, xy, 0.5 * w_per_y, w_per_y),
        depth,
        Vec4::new(0.0, y_offset, 0.0, 1.0),
    )
}

/// World → the shadow map's clip space for `camera` and a light travelling along
/// `light_dir`.
pub fn light_view_projection(camera: &Camera, light_dir: Vec3, setting: &SelfShadow) -> Mat4 {
    let forward = camera.forward();
    let light = light_dir.try_normalize().unwrap_or(Vec3::NEG_Y);
    light_projection(setting, forward.dot(light)) * light_view(camera.eye(), forward, light)
}

/// The shadow map's depth texture and the bind group the shading reads it through.
pub(crate) struct ShadowMap {
    pub depth: wgpu::TextureView,
    pub bind_group: wgpu::BindGroup,
}

impl ShadowMap {
    pub fn layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
        device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("self-shadow map"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Depth,
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering),
                    count: None,
                },
            ],
        })
    }

    pub fn new(device: &wgpu::Device, layout: &wgpu::BindGroupLayout) -> ShadowMap {
        let depth = device
            .create_texture(&wgpu::TextureDescriptor {
                label: Some("self-shadow map"),
                size: wgpu::Extent3d {
                    width: SHADOW_MAP_SIZE,
                    height: SHADOW_MAP_SIZE,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: SHADOW_MAP_FORMAT,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                    | wgpu::TextureUsages::TEXTURE_BINDING,
                view_formats: &[],
            })
            .create_view(&wgpu::TextureViewDescriptor::default());
        // Nearest texels: the shader compares each one and filters the results itself.
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("self-shadow map"),
            address_mode_u: wgpu::AddressMode::ClampToEdge,
            address_mode_v: wgpu::AddressMode::ClampToEdge,
            ..Default::default()
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("self-shadow map"),
            layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&depth),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&sampler),
                },
            ],
        });
        ShadowMap { depth, bind_group }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip(m: Mat4, p: Vec3) -> Vec3 {
        m.project_point3(p)
    }

    fn setting(mode: SelfShadowMode) -> SelfShadow {
        SelfShadow {
            mode,
            ..SelfShadow::default()
        }
    }

    /// MMD's start-up camera and light: the model in front of the camera lands inside the
    /// map, the camera's own spot on the bottom edge, and depth grows along the light.
    #[test]
    fn default_view_puts_the_model_inside_the_map() {
        let camera = Camera::default();
        let light = Vec3::new(-0.5, -1.0, 0.5);
        let m = light_view_projection(&camera, light, &SelfShadow::default());
        for p in [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(0.0, 20.0, 0.0),
            Vec3::new(5.0, 10.0, -3.0),
        ] {
            let c = clip(m, p);
            assert!(c.x.abs() < 1.0 && c.y.abs() < 1.0, "{p} -> {c}");
            assert!((0.0..1.0).contains(&c.z), "{p} -> {c}");
        }
        assert!((clip(m, camera.eye()).y + 1.0).abs() < 1e-5);
        let p = Vec3::new(0.0, 10.0, 0.0);
        let further = p + light.normalize() * 3.0;
        assert!(clip(m, further).z > clip(m, p).z);
        assert!((clip(m, further).x - clip(m, p).x).abs() < 1e-5);
        assert!((clip(m, further).y - clip(m, p).y).abs() < 1e-5);
    }

    /// Mode 2 magnifies near the camera: the same offset there spans more of the map. A
    /// larger shadow distance covers more ground, so the offset spans less.
    #[test]
    fn mode_two_magnifies_near_the_camera_and_distance_widens() {
        let camera = Camera::default();
        let light = Vec3::new(-0.5, -1.0, 0.5);
        let p = camera.eye() + camera.forward() * 5.0 + Vec3::X * 3.0;
        let width = |s: &SelfShadow| clip(light_view_projection(&camera, light, s), p).x.abs();
        let one = width(&setting(SelfShadowMode::Mode1));
        let two = width(&setting(SelfShadowMode::Mode2));
        assert!(two > one * 1.2, "{one} {two}");
        let far = SelfShadow {
            distance: 9500.0,
            ..SelfShadow::default()
        };
        assert!(width(&far) < one * 0.5, "{} {one}", width(&far));
    }

    /// The projection is continuous where its formula switches (|cos| = 0.8 and 0.9), and a
    /// camera looking straight along the light gives a finite, usable matrix.
    #[test]
    fn continuous_near_the_light_axis() {
        for mode in [SelfShadowMode::Mode1, SelfShadowMode::Mode2] {
            let s = setting(mode);
            for edge in [0.8f32, 0.9] {
                let below = light_projection(&s, edge - 1e-6);
                let above = light_projection(&s, edge + 1e-6);
                assert!(below.abs_diff_eq(above, 1e-4), "{mode:?} {edge}");
            }
        }
        let down = Camera {
            rotation: Vec3::new(std::f32::consts::FRAC_PI_2, 0.0, 0.0),
            ..Camera::default()
        };
        let m = light_view_projection(&down, down.forward(), &SelfShadow::default());
        assert!(m.is_finite());
        let c = clip(m, down.target);
        assert!(c.is_finite() && c.x.abs() <= 1.0 && c.y.abs() <= 1.0, "{c}");
    }
}
