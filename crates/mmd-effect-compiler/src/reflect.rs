//! What a compiled shader reads and writes, from its naga module: the uniform block's
//! members with their offsets (the runtime writes each parameter's value there), the
//! textures and samplers by the effect's sampler names, the vertex attributes it reads and
//! the colour targets it writes.

use naga::{AddressSpace, Binding, BuiltIn, Module, ScalarKind, ShaderStage, TypeInner};

use crate::layout::{TEXTURE_GROUP, UNIFORM_GROUP};

/// A compiled shader's interface.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShaderInterface {
    /// The uniform block, when the shader has uniform globals.
    pub uniforms: Option<UniformBlock>,
    /// The effect's samplers it samples, in binding order.
    pub samplers: Vec<SamplerUse>,
    /// The vertex attribute locations a vertex shader reads.
    pub vertex_inputs: Vec<u32>,
    /// The colour targets a pixel shader writes.
    pub targets: Vec<u32>,
    /// Whether a pixel shader writes depth.
    pub writes_depth: bool,
}

/// The uniform globals of a stage, as one buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct UniformBlock {
    /// Its binding in [`crate::layout::UNIFORM_GROUP`].
    pub binding: u32,
    /// Its size in bytes.
    pub size: u32,
    /// The globals, by name.
    pub members: Vec<UniformMember>,
}

/// A uniform global in the block.
#[derive(Clone, Debug, PartialEq)]
pub struct UniformMember {
    /// The effect parameter's name.
    pub name: String,
    /// Its byte offset in the block.
    pub offset: u32,
    /// Its type's shape.
    pub shape: Shape,
}

/// The shape of a uniform value, as the runtime writes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A scalar or a vector of `size` components (1 for a scalar).
    Vector {
        /// Float, signed or unsigned integer, or bool (written as a 32-bit integer).
        kind: ScalarKind,
        /// The components.
        size: u32,
    },
    /// A float matrix, stored as `columns` vectors of `rows` floats, each `stride` bytes
    /// apart.
    Matrix {
        /// The columns.
        columns: u32,
        /// The rows.
        rows: u32,
        /// Bytes between columns.
        stride: u32,
    },
    /// An array of `count` elements `stride` bytes apart.
    Array {
        /// The element's shape.
        element: Box<Shape>,
        /// The elements.
        count: u32,
        /// Bytes between elements.
        stride: u32,
    },
    /// A struct (its members laid out by the compiler).
    Struct,
}

/// An effect sampler a shader samples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerUse {
    /// The sampler's name in the effect.
    pub name: String,
    /// The texture's binding in [`crate::layout::TEXTURE_GROUP`].
    pub texture_binding: u32,
    /// The sampler's binding there.
    pub sampler_binding: u32,
    /// The texture's dimension.
    pub dimension: naga::ImageDimension,
}

/// The interface of `module`'s one entry point.
pub(crate) fn interface(module: &Module) -> ShaderInterface {
    let mut out = ShaderInterface::default();
    for (_, global) in module.global_variables.iter() {
        let Some(binding) = &global.binding else {
            continue;
        };
        let ty = &module.types[global.ty].inner;
        match (global.space, ty) {
            (AddressSpace::Uniform, TypeInner::Struct { members, span })
                if binding.group == UNIFORM_GROUP =>
            {
                out.uniforms = Some(UniformBlock {
                    binding: binding.binding,
                    size: *span,
                    members: members
                        .iter()
                        .map(|m| UniformMember {
                            name: m.name.clone().unwrap_or_default(),
                            offset: m.offset,
                            shape: shape(module, m.ty),
                        })
                        .collect(),
                });
            }
            (AddressSpace::Handle, TypeInner::Image { dim, .. })
                if binding.group == TEXTURE_GROUP =>
            {
                out.samplers.push(SamplerUse {
                    name: global.name.clone().unwrap_or_default(),
                    texture_binding: binding.binding,
                    sampler_binding: binding.binding + 1,
                    dimension: *dim,
                });
            }
            _ => {}
        }
    }
    out.samplers.sort_by_key(|s| s.texture_binding);
    if let Some(entry) = module.entry_points.first() {
        stage_interface(module, entry, &mut out);
    }
    out
}

fn stage_interface(module: &Module, entry: &naga::EntryPoint, out: &mut ShaderInterface) {
    if entry.stage == ShaderStage::Vertex {
        for arg in &entry.function.arguments {
            out.vertex_inputs
                .extend(locations(module, arg.ty, arg.binding.as_ref()));
        }
        out.vertex_inputs.sort_unstable();
    }
    if entry.stage == ShaderStage::Fragment
        && let Some(result) = &entry.function.result
    {
        let mut bindings = Vec::new();
        collect_bindings(module, result.ty, result.binding.as_ref(), &mut bindings);
        for b in bindings {
            match b {
                Binding::Location { location, .. } => out.targets.push(location),
                Binding::BuiltIn(BuiltIn::FragDepth) => out.writes_depth = true,
                Binding::BuiltIn(_) => {}
            }
        }
        out.targets.sort_unstable();
    }
}

fn locations(module: &Module, ty: naga::Handle<naga::Type>, binding: Option<&Binding>) -> Vec<u32> {
    let mut bindings = Vec::new();
    collect_bindings(module, ty, binding, &mut bindings);
    bindings
        .into_iter()
        .filter_map(|b| match b {
            Binding::Location { location, .. } => Some(location),
            Binding::BuiltIn(_) => None,
        })
        .collect()
}

/// The bindings of a value: its own, or its struct members'.
fn collect_bindings(
    module: &Module,
    ty: naga::Handle<naga::Type>,
    binding: Option<&Binding>,
    out: &mut Vec<Binding>,
) {
    if let Some(b) = binding {
        out.push(b.clone());
        return;
    }
    if let TypeInner::Struct { members, .. } = &module.types[ty].inner {
        for m in members {
            collect_bindings(module, m.ty, m.binding.as_ref(), out);
        }
    }
}

fn shape(module: &Module, ty: naga::Handle<naga::Type>) -> Shape {
    match &module.types[ty].inner {
        TypeInner::Scalar(s) => Shape::Vector {
            kind: s.kind,
            size: 1,
        },
        TypeInner::Vector { size, scalar } => Shape::Vector {
            kind: scalar.kind,
            size: *size as u32,
        },
        TypeInner::Matrix { columns, rows, .. } => Shape::Matrix {
            columns: *columns as u32,
            rows: *rows as u32,
            stride: 16,
        },
        TypeInner::Array { base, size, stride } => Shape::Array {
            element: Box::new(shape(module, *base)),
            count: match size {
                naga::ArraySize::Constant(n) => n.get(),
                _ => 0,
            },
            stride: *stride,
        },
        _ => Shape::Struct,
    }
}
