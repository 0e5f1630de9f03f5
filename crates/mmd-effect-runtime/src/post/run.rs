//! One frame's walk of a post effect's script: what each step does to the GPU.

use mmd_effect::{ClearTarget, DrawKind};
use wgpu::util::DeviceExt;

use super::resources::{
    blendable, quad_vertices, texture_bind_group, trim_none, uniform_bind_group,
};
use super::{
    ParameterState, PipelineEntry, PostEffect, QUAD_STRIDE, SCREEN_DEPTH_FORMAT, TargetFormats,
    aligned,
};
use crate::error::RuntimeError;
use crate::pipeline::{PassPipeline, PassTargets};
use crate::script::{ScriptHost, Step};
use crate::targets::TargetKind;
use crate::uniforms::{Value, write};

/// Counts the draws of a frame (the loop counts it reads are the frame's).
pub(super) struct DrawCounter<'a> {
    pub(super) parameters: &'a [ParameterState],
    pub(super) draws: usize,
}

impl ScriptHost for DrawCounter<'_> {
    fn loop_count(&self, parameter: &str) -> u32 {
        loop_count(self.parameters, parameter)
    }

    fn step(&mut self, step: Step<'_>) {
        if let Step::Draw(_) = step {
            self.draws += 1;
        }
    }
}

fn loop_count(parameters: &[ParameterState], name: &str) -> u32 {
    match parameters
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.value)
    {
        Some(Value::Int(n)) => n.max(0) as u32,
        Some(Value::Bool(b)) => u32::from(b),
        Some(Value::Vector(v)) => v[0].max(0.0) as u32,
        _ => 0,
    }
}

/// Which target is bound to a slot.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The frame's output (colour) or the screen depth.
    Screen,
    /// A render target, by index.
    Target(usize),
}

/// One frame's walk of the script.
pub(super) struct Run<'a> {
    pub(super) effect: &'a mut PostEffect,
    pub(super) device: &'a wgpu::Device,
    pub(super) encoder: &'a mut wgpu::CommandEncoder,
    pub(super) output: &'a wgpu::TextureView,
    pub(super) scene: &'a mut dyn FnMut(&mut wgpu::CommandEncoder, &wgpu::TextureView),
    /// The bound colour targets; slot 0 starts on the screen.
    pub(super) colors: [Option<Bound>; 4],
    pub(super) depth: Bound,
    pub(super) clear_color: [f32; 4],
    pub(super) clear_depth: f32,
    pub(super) pass: Option<usize>,
    pub(super) error: Option<RuntimeError>,
}

impl ScriptHost for Run<'_> {
    fn loop_count(&self, parameter: &str) -> u32 {
        loop_count(&self.effect.parameters, parameter)
    }

    fn step(&mut self, step: Step<'_>) {
        if self.error.is_none()
            && let Err(e) = self.try_step(step)
        {
            self.error = Some(e);
        }
    }
}

impl Run<'_> {
    fn try_step(&mut self, step: Step<'_>) -> Result<(), RuntimeError> {
        match step {
            Step::ColorTarget { index, texture } => {
                let bound = match texture {
                    None if index == 0 => Some(Bound::Screen),
                    None => None,
                    Some(name) => Some(Bound::Target(self.target(name, TargetKind::Color)?)),
                };
                if let Some(slot) = self.colors.get_mut(usize::from(index)) {
                    *slot = bound;
                }
            }
            Step::DepthTarget(texture) => {
                self.depth = match texture {
                    None => Bound::Screen,
                    Some(name) => Bound::Target(self.target(name, TargetKind::DepthStencil)?),
                };
            }
            Step::ClearColorFrom(parameter) => {
                self.clear_color = match self.parameter(parameter) {
                    Some(Value::Vector(v)) => v,
                    _ => [0.0; 4],
                };
            }
            Step::ClearDepthFrom(parameter) => {
                self.clear_depth = match self.parameter(parameter) {
                    Some(Value::Vector(v)) => v[0],
                    _ => 1.0,
                };
            }
            Step::Clear(target) => self.clear(target),
            Step::External => self.draw_scene(),
            Step::BeginPass(name) => {
                self.pass = self.effect.passes.iter().position(|p| p.name == name);
            }
            Step::Draw(DrawKind::Buffer) => self.draw_buffer()?,
            Step::Draw(DrawKind::Geometry) => {
                return Err(RuntimeError::Unsupported(
                    "Draw=Geometry in a post effect".into(),
                ));
            }
            Step::LoopIndex { parameter, index } => {
                if let Some(p) = self
                    .effect
                    .parameters
                    .iter_mut()
                    .find(|p| p.name == parameter)
                {
                    p.value = Some(Value::Int(i32::try_from(index).unwrap_or(i32::MAX)));
                }
            }
        }
        Ok(())
    }

    /// The scene into colour target 0: drawn there when the host draws in its format,
    /// else drawn at its size in the host's format and copied.
    fn draw_scene(&mut self) {
        let rt0 = self.colors[0].unwrap_or(Bound::Screen);
        let format = self.format_of(rt0);
        let view = match rt0 {
            Bound::Screen => self.output.clone(),
            Bound::Target(t) => self.effect.targets[t].view.clone(),
        };
        if format == self.effect.capture.format() {
            (self.scene)(self.encoder, &view);
            return;
        }
        let size = self.size_of(rt0);
        let canvas = self.effect.capture.canvas(self.device, size);
        (self.scene)(self.encoder, &canvas);
        self.effect
            .capture
            .copy_into(self.device, self.encoder, &view, format);
    }

    fn parameter(&self, name: &str) -> Option<Value> {
        self.effect
            .parameters
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.value)
    }

    fn target(&self, name: &str, kind: TargetKind) -> Result<usize, RuntimeError> {
        self.effect
            .targets
            .iter()
            .position(|t| t.spec.name == name && t.spec.kind == kind)
            .ok_or_else(|| RuntimeError::NoTarget(name.to_owned()))
    }

    fn size_of(&self, bound: Bound) -> [u32; 2] {
        match bound {
            Bound::Screen => self.effect.screen,
            Bound::Target(t) => self.effect.targets[t].size,
        }
    }

    /// The format of a colour target.
    fn format_of(&self, bound: Bound) -> wgpu::TextureFormat {
        match bound {
            Bound::Screen => self.effect.output_format,
            Bound::Target(t) => self.effect.targets[t].spec.format,
        }
    }

    /// The depth target, when it is as large as colour target 0 (a draw cannot use one of
    /// another size; Direct3D 9 would use its corner, MME's effects do not rely on it).
    fn usable_depth(&self) -> Option<Bound> {
        let rt0 = self.colors[0].unwrap_or(Bound::Screen);
        (self.size_of(self.depth) == self.size_of(rt0)).then_some(self.depth)
    }

    fn clear(&mut self, target: ClearTarget) {
        let [r, g, b, a] = self.clear_color.map(f64::from);
        let clearing = target == ClearTarget::Color;
        let colors: [Option<wgpu::RenderPassColorAttachment<'_>>; 4] = std::array::from_fn(|i| {
            let bound = self.colors[i].filter(|_| clearing)?;
            Some(wgpu::RenderPassColorAttachment {
                view: match bound {
                    Bound::Screen => self.output,
                    Bound::Target(t) => &self.effect.targets[t].view,
                },
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a }),
                    store: wgpu::StoreOp::Store,
                },
            })
        });
        let colors = trim_none(&colors);
        let depth = (target == ClearTarget::Depth).then(|| {
            let view = match self.depth {
                Bound::Screen => &self.effect.screen_depth,
                Bound::Target(t) => &self.effect.targets[t].view,
            };
            wgpu::RenderPassDepthStencilAttachment {
                view,
                depth_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(self.clear_depth.clamp(0.0, 1.0)),
                    store: wgpu::StoreOp::Store,
                }),
                stencil_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(0),
                    store: wgpu::StoreOp::Store,
                }),
            }
        });
        drop(self.encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("effect clear"),
            color_attachments: colors,
            depth_stencil_attachment: depth,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        }));
    }

    fn draw_buffer(&mut self) -> Result<(), RuntimeError> {
        let pass_index = self
            .pass
            .ok_or_else(|| RuntimeError::Unsupported("Draw outside a pass".into()))?;
        let rt0 = self.colors[0].unwrap_or(Bound::Screen);
        let size = self.size_of(rt0);
        let depth = self.usable_depth();
        let depth_format = depth.map(|d| match d {
            Bound::Screen => SCREEN_DEPTH_FORMAT,
            Bound::Target(t) => self.effect.targets[t].spec.format,
        });
        let mut formats: TargetFormats = ([None; 4], depth_format);
        for (slot, bound) in formats.0.iter_mut().zip(self.colors) {
            *slot = bound.map(|b| self.format_of(b));
        }
        let entry = self.pipeline(pass_index, formats)?;
        let quad = self.quad(size);
        let effect = &mut *self.effect;
        let generation = effect.generation;
        let pass = &mut effect.passes[pass_index];
        // Each stage's values at its own offset in the frame's uniform bytes.
        let mut offsets = [0u32; 2];
        let mut count = 0;
        for block in [&pass.vertex_block, &pass.pixel_block]
            .into_iter()
            .flatten()
        {
            let at = effect.uniform_bytes.len();
            let size = block.block.size as usize;
            let padded = aligned(size, effect.uniform_alignment);
            effect.uniform_bytes.resize(at + padded, 0);
            let bytes = &mut effect.uniform_bytes[at..at + size];
            for (member, parameter) in block.block.members.iter().zip(&block.parameters) {
                if let Some(v) = parameter.and_then(|p| effect.parameters[p].value) {
                    write(bytes, member, &v);
                }
            }
            offsets[count] = u32::try_from(at).map_err(|_| RuntimeError::TooManyDraws)?;
            count += 1;
        }
        let entry = &mut pass.pipelines[entry];
        if entry.groups.as_ref().is_none_or(|(g, _)| *g != generation) {
            let uniform_group = uniform_bind_group(
                self.device,
                &entry.pipeline.uniform_layout,
                &effect.uniforms,
                [&pass.vertex_block, &pass.pixel_block],
            );
            entry.groups = Some((generation, uniform_group));
            entry.texture_groups.clear();
        }
        // The targets drawn into, as bits by their index.
        let drawn: u64 = self
            .colors
            .iter()
            .chain([&depth])
            .flatten()
            .filter_map(|b| match b {
                Bound::Target(t) if *t < 64 => Some(1u64 << t),
                _ => None,
            })
            .sum();
        let texture_group = match entry
            .texture_groups
            .iter()
            .position(|(g, d, _)| *g == generation && *d == drawn)
        {
            Some(i) => i,
            None => {
                let group = texture_bind_group(
                    self.device,
                    &entry.pipeline.texture_layout,
                    [&pass.vertex.interface, &pass.pixel.interface],
                    &effect.samplers,
                    &effect.targets,
                    &effect.fallbacks,
                    drawn,
                );
                entry.texture_groups.push((generation, drawn, group));
                entry.texture_groups.len() - 1
            }
        };
        let Some((_, uniform_group)) = &entry.groups else {
            return Ok(());
        };
        let texture_group = &entry.texture_groups[texture_group].2;
        let colors = self.colors;
        let output = self.output;
        let color_attachments: [Option<wgpu::RenderPassColorAttachment<'_>>; 4] =
            std::array::from_fn(|i| {
                colors[i].map(|b| wgpu::RenderPassColorAttachment {
                    view: match b {
                        Bound::Screen => output,
                        Bound::Target(t) => &effect.targets[t].view,
                    },
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })
            });
        let depth_attachment = depth.map(|d| wgpu::RenderPassDepthStencilAttachment {
            view: match d {
                Bound::Screen => &effect.screen_depth,
                Bound::Target(t) => &effect.targets[t].view,
            },
            depth_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Load,
                store: wgpu::StoreOp::Store,
            }),
            stencil_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Load,
                store: wgpu::StoreOp::Store,
            }),
        });
        // Targets the pass reads while drawing into them are read from a copy.
        for used in pass
            .vertex
            .interface
            .samplers
            .iter()
            .chain(&pass.pixel.interface.samplers)
        {
            let target = effect
                .samplers
                .get((used.texture_binding / 2) as usize)
                .and_then(|(_, t)| *t);
            if let Some(t) = target.filter(|t| *t < 64 && drawn & (1u64 << t) != 0)
                && let Some((copy, _)) = &effect.targets[t].snapshot
            {
                let [width, height] = effect.targets[t].size;
                self.encoder.copy_texture_to_texture(
                    effect.targets[t].texture.as_image_copy(),
                    copy.as_image_copy(),
                    wgpu::Extent3d {
                        width,
                        height,
                        depth_or_array_layers: 1,
                    },
                );
            }
        }
        let mut render = self.encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("effect pass"),
            color_attachments: trim_none(&color_attachments),
            depth_stencil_attachment: depth_attachment,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        render.set_pipeline(&entry.pipeline.pipeline);
        render.set_bind_group(0, uniform_group, &offsets[..count]);
        render.set_bind_group(1, texture_group, &[]);
        render.set_vertex_buffer(0, effect.quads[quad].1.slice(..));
        if entry.reads_defaults {
            render.set_vertex_buffer(1, effect.attribute_defaults.slice(..));
        }
        render.draw(0..4, 0..1);
        Ok(())
    }

    /// The index of `pass`'s pipeline for `formats`, made on first use.
    fn pipeline(&mut self, pass: usize, formats: TargetFormats) -> Result<usize, RuntimeError> {
        let effect = &mut *self.effect;
        let program = &mut effect.passes[pass];
        if let Some(i) = program.pipelines.iter().position(|e| e.formats == formats) {
            return Ok(i);
        }
        let colors: Vec<Option<wgpu::ColorTargetState>> = trim_none(&formats.0)
            .iter()
            .map(|f| {
                f.map(|format| wgpu::ColorTargetState {
                    format,
                    blend: program.states.blend.filter(|_| blendable(format)),
                    write_mask: program.states.write_mask,
                })
            })
            .collect();
        let attributes = [
            wgpu::VertexAttribute {
                format: wgpu::VertexFormat::Float32x4,
                offset: 0,
                shader_location: 0,
            },
            wgpu::VertexAttribute {
                format: wgpu::VertexFormat::Float32x4,
                offset: 16,
                shader_location: 2,
            },
        ];
        let defaults: Vec<wgpu::VertexAttribute> = program
            .vertex
            .interface
            .vertex_inputs
            .iter()
            .filter(|l| **l != 0 && **l != 2)
            .map(|&shader_location| wgpu::VertexAttribute {
                format: wgpu::VertexFormat::Float32x4,
                offset: 0,
                shader_location,
            })
            .collect();
        let mut buffers = vec![Some(wgpu::VertexBufferLayout {
            array_stride: QUAD_STRIDE,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &attributes,
        })];
        if !defaults.is_empty() {
            // Every vertex reads the same defaults.
            buffers.push(Some(wgpu::VertexBufferLayout {
                array_stride: 0,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &defaults,
            }));
        }
        let unfilterable: Vec<&str> = effect.unfilterable.iter().map(String::as_str).collect();
        let targets = PassTargets {
            colors: &colors,
            depth: formats.1.map(|f| program.states.depth_stencil(f)),
            vertex_buffers: &buffers,
            cull: program.states.cull,
            topology: wgpu::PrimitiveTopology::TriangleStrip,
            unfilterable: &unfilterable,
        };
        let pipeline = PassPipeline::new(
            self.device,
            &program.name,
            &program.vertex,
            &program.pixel,
            &targets,
        )?;
        program.pipelines.push(PipelineEntry {
            formats,
            pipeline,
            groups: None,
            texture_groups: Vec::new(),
            reads_defaults: !defaults.is_empty(),
        });
        Ok(program.pipelines.len() - 1)
    }

    /// The index of the screen quad for a target of `size`, made on first use.
    fn quad(&mut self, size: [u32; 2]) -> usize {
        if let Some(i) = self.effect.quads.iter().position(|(s, _)| *s == size) {
            return i;
        }
        let bytes = quad_vertices(size);
        let buffer = self
            .device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("effect quad"),
                contents: &bytes,
                usage: wgpu::BufferUsages::VERTEX,
            });
        self.effect.quads.push((size, buffer));
        self.effect.quads.len() - 1
    }
}
