//! The figure's textures, painted procedurally (pure functions of pixel coordinates, so the
//! PNG bytes are the same on every run): face, eyes, hair, clothes, legs, toon ramps and a
//! hair sphere map.

use glam::{Vec2, Vec3};
use image::{ImageEncoder, Rgba, RgbaImage, codecs::png::PngEncoder};

use crate::geometry::smoothstep;

/// One texture: its path relative to the model (as the PMX stores it, with `/`) and the
/// painter.
pub struct TextureSpec {
    pub path: &'static str,
    pub size: (u32, u32),
    pub paint: fn(Vec2) -> Vec3,
}

pub const FACE: &str = "tex/face.png";
pub const EYE: &str = "tex/eye.png";
pub const HAIR: &str = "tex/hair.png";
pub const HAIR_SPHERE: &str = "tex/hair_sphere.png";
pub const CLOTH: &str = "tex/cloth.png";
pub const SKIRT: &str = "tex/skirt.png";
pub const LEGS: &str = "tex/legs.png";
pub const TOON_SKIN: &str = "tex/toon_skin.png";
pub const TOON_HAIR: &str = "tex/toon_hair.png";
pub const TOON_CLOTH: &str = "tex/toon_cloth.png";

/// Every texture, in the order the PMX lists them.
pub const ALL: [TextureSpec; 10] = [
    TextureSpec {
        path: FACE,
        size: (256, 128),
        paint: face,
    },
    TextureSpec {
        path: EYE,
        size: (128, 128),
        paint: eye,
    },
    TextureSpec {
        path: HAIR,
        size: (128, 256),
        paint: hair,
    },
    TextureSpec {
        path: HAIR_SPHERE,
        size: (64, 64),
        paint: hair_sphere,
    },
    TextureSpec {
        path: CLOTH,
        size: (256, 256),
        paint: cloth,
    },
    TextureSpec {
        path: SKIRT,
        size: (256, 128),
        paint: skirt,
    },
    TextureSpec {
        path: LEGS,
        size: (64, 256),
        paint: legs,
    },
    TextureSpec {
        path: TOON_SKIN,
        size: (32, 32),
        paint: toon_skin,
    },
    TextureSpec {
        path: TOON_HAIR,
        size: (32, 32),
        paint: toon_hair,
    },
    TextureSpec {
        path: TOON_CLOTH,
        size: (32, 32),
        paint: toon_cloth,
    },
];

/// Renders `spec` (sampling each pixel at its centre) and encodes it as PNG.
pub fn encode(spec: &TextureSpec) -> Result<Vec<u8>, image::ImageError> {
    let (w, h) = spec.size;
    let image = RgbaImage::from_fn(w, h, |x, y| {
        let uv = Vec2::new((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
        let c = (spec.paint)(uv).clamp(Vec3::ZERO, Vec3::ONE) * 255.0;
        Rgba([c.x.round() as u8, c.y.round() as u8, c.z.round() as u8, 255])
    });
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes).write_image(
        image.as_raw(),
        w,
        h,
        image::ExtendedColorType::Rgba8,
    )?;
    Ok(bytes)
}

fn rgb(hex: u32) -> Vec3 {
    Vec3::new(
        ((hex >> 16) & 0xff) as f32 / 255.0,
        ((hex >> 8) & 0xff) as f32 / 255.0,
        (hex & 0xff) as f32 / 255.0,
    )
}

/// Coverage of an ellipse with a soft rim (1 inside, 0 outside).
fn ellipse(p: Vec2, center: Vec2, radii: Vec2, softness: f32) -> f32 {
    let d = ((p - center) / radii).length();
    1.0 - smoothstep(1.0 - softness, 1.0 + softness, d)
}

pub const SKIN: u32 = 0xffe6d6;

/// The head uses spherical UVs (u around from +X towards +Z, v from the top), so the front
/// of the face (-Z) is at u = 0.75. Blush sits on the cheeks below and outside the eyes.
fn face(uv: Vec2) -> Vec3 {
    let skin = rgb(SKIN);
    let blush = rgb(0xff9a9a);
    let mut amount = 0.0f32;
    for du in [-0.085, 0.085] {
        amount = amount.max(ellipse(
            uv,
            Vec2::new(0.75 + du, 0.63),
            Vec2::new(0.05, 0.045),
            0.8,
        ));
    }
    skin.lerp(blush, amount * 0.55)
}

/// The eye, seen from the front: white, a large gradient iris with a pupil and two
/// highlights, and a heavy upper lash line.
fn eye(uv: Vec2) -> Vec3 {
    let white = rgb(0xfbfbff);
    let iris_top = rgb(0x3a1f5c);
    let iris_bottom = rgb(0xd9663a);
    let lash = rgb(0x2a1a1a);
    let center = Vec2::new(0.5, 0.56);
    let mut c = white;
    let iris = ellipse(uv, center, Vec2::new(0.34, 0.4), 0.06);
    let gradient = iris_top.lerp(iris_bottom, smoothstep(0.25, 0.95, uv.y));
    let ring = smoothstep(0.7, 1.0, ((uv - center) / Vec2::new(0.34, 0.4)).length());
    c = c.lerp(gradient.lerp(iris_top * 0.6, ring), iris);
    c = c.lerp(
        rgb(0x1a0f24),
        ellipse(
            uv,
            center + Vec2::new(0.0, -0.03),
            Vec2::new(0.14, 0.17),
            0.1,
        ),
    );
    c = c.lerp(
        Vec3::ONE,
        ellipse(uv, Vec2::new(0.38, 0.4), Vec2::new(0.09, 0.08), 0.15),
    );
    c = c.lerp(
        Vec3::ONE,
        ellipse(uv, Vec2::new(0.62, 0.72), Vec2::new(0.045, 0.04), 0.2),
    );
    let lash_line = 0.16 + 0.1 * ((uv.x - 0.5) * 2.0).powi(2);
    c.lerp(
        lash,
        1.0 - smoothstep(lash_line - 0.02, lash_line + 0.02, uv.y),
    )
}

/// Hair: warm copper with darker roots and tips, strands, and a glossy "angel ring" band.
fn hair(uv: Vec2) -> Vec3 {
    let base = rgb(0xd8643a);
    let dark = rgb(0x8a2e1e);
    let strands = 0.5 + 0.5 * (uv.x * 96.0).sin() * (uv.x * 23.0).cos();
    let mut c = base.lerp(dark, 0.25 * strands + 0.35 * smoothstep(0.7, 1.0, uv.y));
    let ring = 1.0 - smoothstep(0.0, 0.05, (uv.y - 0.33).abs());
    let ring_wave = 0.5 + 0.5 * (uv.x * 60.0).sin();
    c = c.lerp(rgb(0xffc49a), ring * (0.45 + 0.35 * ring_wave));
    c
}

/// An additive sphere map: a soft highlight above centre, black elsewhere.
fn hair_sphere(uv: Vec2) -> Vec3 {
    let spot = ellipse(uv, Vec2::new(0.5, 0.32), Vec2::new(0.32, 0.18), 0.9);
    Vec3::splat(0.35 * spot)
}

pub const NAVY: u32 = 0x27305a;

/// Left half: the torso (u around, v from the neck down): a white blouse with a navy sailor
/// collar and cuffless sleeves region, navy shorts below the waist. Right half: sleeves
/// (v along the sleeve) with a navy cuff and white stripe.
fn cloth(uv: Vec2) -> Vec3 {
    let white = rgb(0xf6f7fb);
    let navy = rgb(NAVY);
    if uv.x < 0.5 {
        let u = uv.x * 2.0;
        // Sailor collar: a band at the top that dips into a V at the front (u = 0.75).
        let front = 1.0 - ((u - 0.75).abs() / 0.25).min(1.0);
        let collar_depth = 0.2 + 0.18 * front;
        let collar = 1.0 - smoothstep(collar_depth - 0.01, collar_depth + 0.01, uv.y);
        let stripe = 1.0 - smoothstep(0.005, 0.012, (uv.y - (collar_depth - 0.035)).abs());
        let mut c = white.lerp(navy, collar);
        c = c.lerp(white, stripe * collar);
        let shorts = smoothstep(0.7, 0.71, uv.y);
        c.lerp(navy * 0.9, shorts)
    } else {
        let cuff = smoothstep(0.78, 0.8, uv.y);
        let stripe = 1.0 - smoothstep(0.01, 0.02, (uv.y - 0.88).abs());
        white.lerp(navy, cuff).lerp(white, stripe)
    }
}

/// A pleated navy skirt (u around, v from the waist down) with two white hem lines.
fn skirt(uv: Vec2) -> Vec3 {
    let navy = rgb(NAVY);
    let pleat = (uv.x * 16.0).fract();
    let shade = 0.85 + 0.15 * smoothstep(0.0, 0.9, pleat) - 0.2 * smoothstep(0.9, 1.0, pleat);
    let mut c = navy * shade;
    for line in [0.82, 0.9] {
        let l = 1.0 - smoothstep(0.008, 0.016, (uv.y - line).abs());
        c = c.lerp(rgb(0xf6f7fb), l);
    }
    c
}

/// Legs (v from the hip down): skin, then thigh-high black socks with a red band.
fn legs(uv: Vec2) -> Vec3 {
    let skin = rgb(SKIN);
    let sock = rgb(0x1e1c24);
    let band = rgb(0xc0392b);
    let top = 0.4;
    let mut c = skin.lerp(sock, smoothstep(top - 0.005, top + 0.005, uv.y));
    let b = 1.0 - smoothstep(0.01, 0.015, (uv.y - (top + 0.03)).abs());
    c = c.lerp(band, b);
    c
}

/// A toon ramp: MMD samples it with v = 0.5 - 0.5 N·L, so the top is lit and the bottom is
/// in shadow; a narrow soft step gives the cel look.
fn toon(uv: Vec2, shadow: Vec3) -> Vec3 {
    Vec3::ONE.lerp(shadow, smoothstep(0.45, 0.6, uv.y))
}

fn toon_skin(uv: Vec2) -> Vec3 {
    toon(uv, rgb(0xf0c2b8))
}

fn toon_hair(uv: Vec2) -> Vec3 {
    toon(uv, rgb(0xb88a9a))
}

fn toon_cloth(uv: Vec2) -> Vec3 {
    toon(uv, rgb(0xb8bcd8))
}
