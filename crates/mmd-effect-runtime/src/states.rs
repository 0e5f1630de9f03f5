//! A pass's Direct3D 9 render states as wgpu's pipeline state: blending
//! (`AlphaBlendEnable`, `SrcBlend`, `DestBlend`, `BlendOp`), colour writes
//! (`ColorWriteEnable`), depth (`ZEnable`, `ZWriteEnable`, `ZFunc`) and culling
//! (`CullMode`). What a pass leaves out is Direct3D 9's default, except that culling and
//! blending start as MMD sets them before an effect draws (back faces culled, alpha
//! blending on), as MME passes inherit MMD's device state.

use mmd_effect::{Pass, StateValue};

/// The pipeline state of a pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassStates {
    /// Blending, or `None` to write colours as they are.
    pub blend: Option<wgpu::BlendState>,
    /// Which channels are written.
    pub write_mask: wgpu::ColorWrites,
    /// Whether depth is tested.
    pub depth_test: bool,
    /// Whether depth is written.
    pub depth_write: bool,
    /// The depth comparison.
    pub depth_compare: wgpu::CompareFunction,
    /// The faces culled, with Direct3D's clockwise front faces.
    pub cull: Option<wgpu::Face>,
}

impl PassStates {
    /// The states `pass` sets.
    pub fn of(pass: &Pass) -> PassStates {
        let flag = |name: &str, default: bool| match pass.state(name) {
            Some(StateValue::Bool(b)) => *b,
            Some(StateValue::Int(n)) => *n != 0,
            Some(StateValue::Word(w)) => !w.eq_ignore_ascii_case("false"),
            _ => default,
        };
        let word = |name: &str| match pass.state(name) {
            Some(StateValue::Word(w)) => Some(w.to_ascii_uppercase()),
            _ => None,
        };
        let blend = flag("AlphaBlendEnable", true).then(|| {
            let component = wgpu::BlendComponent {
                src_factor: word("SrcBlend")
                    .and_then(|w| factor(&w))
                    .unwrap_or(wgpu::BlendFactor::SrcAlpha),
                dst_factor: word("DestBlend")
                    .and_then(|w| factor(&w))
                    .unwrap_or(wgpu::BlendFactor::OneMinusSrcAlpha),
                operation: word("BlendOp")
                    .and_then(|w| operation(&w))
                    .unwrap_or(wgpu::BlendOperation::Add),
            };
            wgpu::BlendState {
                color: component,
                alpha: component,
            }
        });
        let write_mask = match pass.state("ColorWriteEnable") {
            Some(StateValue::Int(n)) => wgpu::ColorWrites::from_bits_truncate(*n as u32 & 0xF),
            Some(StateValue::Word(w) | StateValue::Expression(w)) => color_writes(w),
            _ => wgpu::ColorWrites::ALL,
        };
        let cull = match word("CullMode").as_deref() {
            Some("NONE") => None,
            // Direct3D culls clockwise or counter-clockwise faces with clockwise fronts.
            Some("CW") => Some(wgpu::Face::Front),
            _ => Some(wgpu::Face::Back),
        };
        PassStates {
            blend,
            write_mask,
            depth_test: flag("ZEnable", true),
            depth_write: flag("ZWriteEnable", true),
            depth_compare: word("ZFunc")
                .and_then(|w| compare(&w))
                .unwrap_or(wgpu::CompareFunction::LessEqual),
            cull,
        }
    }

    /// The depth state for a target of `format`.
    pub fn depth_stencil(&self, format: wgpu::TextureFormat) -> wgpu::DepthStencilState {
        wgpu::DepthStencilState {
            format,
            depth_write_enabled: Some(self.depth_test && self.depth_write),
            depth_compare: Some(if self.depth_test {
                self.depth_compare
            } else {
                wgpu::CompareFunction::Always
            }),
            stencil: wgpu::StencilState::default(),
            bias: wgpu::DepthBiasState::default(),
        }
    }
}

fn factor(word: &str) -> Option<wgpu::BlendFactor> {
    use wgpu::BlendFactor as B;
    Some(match word {
        "ZERO" => B::Zero,
        "ONE" => B::One,
        "SRCCOLOR" => B::Src,
        "INVSRCCOLOR" => B::OneMinusSrc,
        "SRCALPHA" => B::SrcAlpha,
        "INVSRCALPHA" => B::OneMinusSrcAlpha,
        "DESTALPHA" => B::DstAlpha,
        "INVDESTALPHA" => B::OneMinusDstAlpha,
        "DESTCOLOR" => B::Dst,
        "INVDESTCOLOR" => B::OneMinusDst,
        "SRCALPHASAT" => B::SrcAlphaSaturated,
        _ => return None,
    })
}

fn operation(word: &str) -> Option<wgpu::BlendOperation> {
    Some(match word {
        "ADD" => wgpu::BlendOperation::Add,
        "SUBTRACT" => wgpu::BlendOperation::Subtract,
        "REVSUBTRACT" => wgpu::BlendOperation::ReverseSubtract,
        "MIN" => wgpu::BlendOperation::Min,
        "MAX" => wgpu::BlendOperation::Max,
        _ => return None,
    })
}

fn compare(word: &str) -> Option<wgpu::CompareFunction> {
    use wgpu::CompareFunction as C;
    Some(match word {
        "NEVER" => C::Never,
        "LESS" => C::Less,
        "EQUAL" => C::Equal,
        "LESSEQUAL" => C::LessEqual,
        "GREATER" => C::Greater,
        "NOTEQUAL" => C::NotEqual,
        "GREATEREQUAL" => C::GreaterEqual,
        "ALWAYS" => C::Always,
        _ => return None,
    })
}

/// `ColorWriteEnable` written as channel names joined by `|` (`RED|GREEN|BLUE`).
fn color_writes(word: &str) -> wgpu::ColorWrites {
    let mut mask = wgpu::ColorWrites::empty();
    for part in word.split('|').map(|p| p.trim().to_ascii_uppercase()) {
        mask |= match part.as_str() {
            "RED" => wgpu::ColorWrites::RED,
            "GREEN" => wgpu::ColorWrites::GREEN,
            "BLUE" => wgpu::ColorWrites::BLUE,
            "ALPHA" => wgpu::ColorWrites::ALPHA,
            _ => wgpu::ColorWrites::empty(),
        };
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_effect::{MemoryLoader, Options, read_effect};
    use std::path::Path;

    fn states(pass_body: &str) -> PassStates {
        let text = format!("technique T {{ pass P {{ {pass_body} }} }}");
        let loader = MemoryLoader::new().with("t.fx", text);
        let fx = match read_effect(Path::new("t.fx"), &loader, &Options::default()) {
            Ok(fx) => fx,
            Err(e) => panic!("{e}"),
        };
        PassStates::of(&fx.techniques[0].passes[0])
    }

    #[test]
    fn a_post_pass_turns_blending_and_depth_off() {
        // FXAA's pass.
        let s = states(
            "AlphaBlendEnable = false; AlphaTestEnable = false; ZEnable = false; ZWriteEnable = false;",
        );
        assert_eq!(s.blend, None);
        assert!(!s.depth_test && !s.depth_write);
        let depth = s.depth_stencil(wgpu::TextureFormat::Depth24PlusStencil8);
        assert_eq!(depth.depth_compare, Some(wgpu::CompareFunction::Always));
        assert_eq!(depth.depth_write_enabled, Some(false));
    }

    #[test]
    fn blending_culling_and_writes_follow_the_states() {
        let s = states(
            "SrcBlend = ONE; DestBlend = ONE; BlendOp = REVSUBTRACT; CullMode = NONE; ColorWriteEnable = RED | ALPHA; ZFunc = GREATER;",
        );
        let Some(blend) = s.blend else {
            panic!("no blend");
        };
        assert_eq!(blend.color.src_factor, wgpu::BlendFactor::One);
        assert_eq!(blend.color.dst_factor, wgpu::BlendFactor::One);
        assert_eq!(blend.color.operation, wgpu::BlendOperation::ReverseSubtract);
        assert_eq!(s.cull, None);
        assert_eq!(
            s.write_mask,
            wgpu::ColorWrites::RED | wgpu::ColorWrites::ALPHA
        );
        assert_eq!(s.depth_compare, wgpu::CompareFunction::Greater);
        // What a pass leaves out: MMD's alpha blending, back faces culled, depth on.
        let d = states("");
        let Some(blend) = d.blend else {
            panic!("no blend");
        };
        assert_eq!(blend.color.src_factor, wgpu::BlendFactor::SrcAlpha);
        assert_eq!(blend.color.dst_factor, wgpu::BlendFactor::OneMinusSrcAlpha);
        assert_eq!(d.cull, Some(wgpu::Face::Back));
        assert!(d.depth_test && d.depth_write);
    }
}
