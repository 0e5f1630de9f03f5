//! MMD's texture name convention for accessories: `a.bmp*b.sph` names a colour texture and a
//! sphere map at once; `.sph` sphere maps multiply, `.spa` ones add.

use super::XMaterial;

/// How a sphere map combines with the colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum XSphereMode {
    #[default]
    None,
    /// `.sph`
    Multiply,
    /// `.spa`
    Add,
}

/// A material's texture name split into what MMD draws with it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TextureParts {
    pub texture: Option<String>,
    pub sphere: Option<String>,
    pub sphere_mode: XSphereMode,
}

impl XMaterial {
    /// MMD's `a.bmp*b.sph` convention: the colour texture, the sphere map and its mode. A
    /// lone `x.sph` or `x.spa` is a sphere map only. Each part is told by its extension
    /// (case-insensitive), so the order does not matter; a second part of the same kind is
    /// ignored, as are empty parts.
    pub fn texture_parts(&self) -> TextureParts {
        let mut parts = TextureParts::default();
        let Some(name) = &self.texture else {
            return parts;
        };
        for part in name.split('*').filter(|p| !p.is_empty()) {
            match sphere_mode(part) {
                XSphereMode::None => {
                    parts.texture.get_or_insert_with(|| part.to_string());
                }
                mode if parts.sphere.is_none() => {
                    parts.sphere = Some(part.to_string());
                    parts.sphere_mode = mode;
                }
                _ => {}
            }
        }
        parts
    }
}

fn sphere_mode(file: &str) -> XSphereMode {
    let ext = file.rsplit_once('.').map_or("", |(_, ext)| ext);
    if ext.eq_ignore_ascii_case("sph") {
        XSphereMode::Multiply
    } else if ext.eq_ignore_ascii_case("spa") {
        XSphereMode::Add
    } else {
        XSphereMode::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(name: &str) -> TextureParts {
        XMaterial {
            texture: Some(name.into()),
            ..XMaterial::default()
        }
        .texture_parts()
    }

    #[test]
    fn texture_and_sphere() {
        assert_eq!(
            parts("a.bmp*b.SPH"),
            TextureParts {
                texture: Some("a.bmp".into()),
                sphere: Some("b.SPH".into()),
                sphere_mode: XSphereMode::Multiply,
            }
        );
        assert_eq!(parts("b.spa*a.png").texture.as_deref(), Some("a.png"));
        assert_eq!(parts("b.spa*a.png").sphere_mode, XSphereMode::Add);
    }

    #[test]
    fn lone_sphere_map_and_plain_texture() {
        assert_eq!(
            parts("s.spa"),
            TextureParts {
                texture: None,
                sphere: Some("s.spa".into()),
                sphere_mode: XSphereMode::Add,
            }
        );
        assert_eq!(parts("t.tga").texture.as_deref(), Some("t.tga"));
        assert_eq!(parts("t.tga").sphere, None);
        assert_eq!(
            XMaterial::default().texture_parts(),
            TextureParts::default()
        );
    }
}
