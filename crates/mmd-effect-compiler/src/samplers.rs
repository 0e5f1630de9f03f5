//! DirectX 9's samplers are a texture and its sampler in one (`sampler2D`), and glslang
//! writes them as SPIR-V's combined image samplers; wgpu's shader translator takes only a
//! separate texture and sampler. This rewrite gives each combined sampler variable a
//! texture variable and a sampler variable, bound where [`crate::layout`] puts the
//! effect's sampler of that name, and builds the combined value from the two where the
//! shader loads it.

use std::collections::HashMap;

use rspirv::binary::Assemble;
use rspirv::dr::{Instruction, Module, Operand, load_words};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

use crate::layout::{TEXTURE_GROUP, sampler_bindings};

/// A combined sampler variable and what replaces it.
struct Split {
    /// The sampled image type.
    sampled_type: Word,
    image_type: Word,
    texture_var: Word,
    sampler_var: Word,
    texture_binding: u32,
    sampler_binding: u32,
}

/// `words` with every combined sampler split; `index_of` gives the place in the effect of
/// the sampler called by the variable's name.
pub(crate) fn split_samplers(
    words: &[u32],
    index_of: impl Fn(&str) -> Option<usize>,
) -> Result<Vec<u32>, String> {
    let mut module = load_words(words).map_err(|e| e.to_string())?;
    let names = names(&module);
    // Sampled image type → its image type.
    let sampled: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeSampledImage)
        .filter_map(|i| Some((i.result_id?, id_operand(i, 0)?)))
        .collect();
    // UniformConstant pointer to a sampled image type → that type.
    let pointers: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| {
            i.class.opcode == Op::TypePointer && storage(i) == Some(StorageClass::UniformConstant)
        })
        .filter_map(|i| {
            let pointee = id_operand(i, 1)?;
            sampled
                .contains_key(&pointee)
                .then_some((i.result_id?, pointee))
        })
        .collect();
    let mut bound = module.header.as_ref().map_or(0, |h| h.bound);
    let mut fresh = || {
        bound += 1;
        bound - 1
    };
    let sampler_type = existing_sampler_type(&module).unwrap_or_else(|| {
        let id = fresh();
        module
            .types_global_values
            .insert(0, Instruction::new(Op::TypeSampler, None, Some(id), vec![]));
        id
    });
    let sampler_pointer = fresh();
    let mut image_pointers: HashMap<Word, Word> = HashMap::new();
    let mut splits: HashMap<Word, Split> = HashMap::new();
    let mut out = Vec::with_capacity(module.types_global_values.len());
    let mut sampler_pointer_declared = false;
    for inst in std::mem::take(&mut module.types_global_values) {
        let combined = (inst.class.opcode == Op::Variable)
            .then(|| inst.result_type.and_then(|t| pointers.get(&t)))
            .flatten()
            .copied();
        let (Some(sampled_type), Some(var)) = (combined, inst.result_id) else {
            out.push(inst);
            continue;
        };
        let image_type = sampled
            .get(&sampled_type)
            .copied()
            .ok_or("a sampler type")?;
        let name = names.get(&var).map_or("", String::as_str);
        let index =
            index_of(name).ok_or_else(|| format!("{name} is not a sampler of the effect"))?;
        let (texture_binding, sampler_binding) =
            sampler_bindings(index).ok_or("too many samplers")?;
        if !sampler_pointer_declared {
            out.push(pointer(sampler_pointer, sampler_type));
            sampler_pointer_declared = true;
        }
        let image_pointer = match image_pointers.get(&image_type) {
            Some(p) => *p,
            None => {
                let p = fresh();
                out.push(pointer(p, image_type));
                image_pointers.insert(image_type, p);
                p
            }
        };
        let split = Split {
            sampled_type,
            image_type,
            texture_var: fresh(),
            sampler_var: fresh(),
            texture_binding,
            sampler_binding,
        };
        out.push(variable(split.texture_var, image_pointer));
        out.push(variable(split.sampler_var, sampler_pointer));
        splits.insert(var, split);
    }
    module.types_global_values = out;
    rename_and_bind(&mut module, &names, &splits);
    replace_loads(&mut module, &splits, sampler_type, &mut fresh)?;
    if let Some(header) = module.header.as_mut() {
        header.bound = bound;
    }
    Ok(module.assemble())
}

fn names(module: &Module) -> HashMap<Word, String> {
    module
        .debug_names
        .iter()
        .filter(|i| i.class.opcode == Op::Name)
        .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::IdRef(id)), Some(Operand::LiteralString(name))) => {
                Some((*id, name.clone()))
            }
            _ => None,
        })
        .collect()
}

fn id_operand(inst: &Instruction, at: usize) -> Option<Word> {
    match inst.operands.get(at) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn storage(inst: &Instruction) -> Option<StorageClass> {
    match inst.operands.first() {
        Some(Operand::StorageClass(s)) => Some(*s),
        _ => None,
    }
}

fn existing_sampler_type(module: &Module) -> Option<Word> {
    module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::TypeSampler)
        .and_then(|i| i.result_id)
}

fn pointer(id: Word, pointee: Word) -> Instruction {
    Instruction::new(
        Op::TypePointer,
        None,
        Some(id),
        vec![
            Operand::StorageClass(StorageClass::UniformConstant),
            Operand::IdRef(pointee),
        ],
    )
}

fn variable(id: Word, ty: Word) -> Instruction {
    Instruction::new(
        Op::Variable,
        Some(ty),
        Some(id),
        vec![Operand::StorageClass(StorageClass::UniformConstant)],
    )
}

fn decorate(target: Word, decoration: Decoration, value: u32) -> Instruction {
    Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![
            Operand::IdRef(target),
            Operand::Decoration(decoration),
            Operand::LiteralBit32(value),
        ],
    )
}

/// The split variables named as the sampler and bound; the combined ones' names and
/// bindings dropped with them.
fn rename_and_bind(
    module: &mut Module,
    names: &HashMap<Word, String>,
    splits: &HashMap<Word, Split>,
) {
    let refers_to_split = |i: &Instruction| matches!(i.operands.first(), Some(Operand::IdRef(id)) if splits.contains_key(id));
    module.debug_names.retain(|i| !refers_to_split(i));
    module.annotations.retain(|i| !refers_to_split(i));
    for (var, split) in splits {
        let name = names.get(var).cloned().unwrap_or_default();
        for id in [split.texture_var, split.sampler_var] {
            module.debug_names.push(Instruction::new(
                Op::Name,
                None,
                None,
                vec![Operand::IdRef(id), Operand::LiteralString(name.clone())],
            ));
        }
        module.annotations.extend([
            decorate(split.texture_var, Decoration::DescriptorSet, TEXTURE_GROUP),
            decorate(
                split.texture_var,
                Decoration::Binding,
                split.texture_binding,
            ),
            decorate(split.sampler_var, Decoration::DescriptorSet, TEXTURE_GROUP),
            decorate(
                split.sampler_var,
                Decoration::Binding,
                split.sampler_binding,
            ),
        ]);
    }
}

/// Each load of a combined sampler becomes loads of its texture and sampler and the
/// combined value built from them; any other use of the variable cannot be rewritten.
fn replace_loads(
    module: &mut Module,
    splits: &HashMap<Word, Split>,
    sampler_type: Word,
    fresh: &mut impl FnMut() -> Word,
) -> Result<(), String> {
    for block in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
    {
        let mut out = Vec::with_capacity(block.instructions.len());
        for inst in std::mem::take(&mut block.instructions) {
            let uses: Vec<&Split> = inst
                .operands
                .iter()
                .filter_map(|o| match o {
                    Operand::IdRef(id) => splits.get(id),
                    _ => None,
                })
                .collect();
            let Some(split) = uses.first() else {
                out.push(inst);
                continue;
            };
            if inst.class.opcode != Op::Load || uses.len() != 1 {
                return Err(format!(
                    "a sampler used by {:?} (sampler arrays are not supported)",
                    inst.class.opcode
                ));
            }
            let (texture, sampler) = (fresh(), fresh());
            out.push(Instruction::new(
                Op::Load,
                Some(split.image_type),
                Some(texture),
                vec![Operand::IdRef(split.texture_var)],
            ));
            out.push(Instruction::new(
                Op::Load,
                Some(sampler_type),
                Some(sampler),
                vec![Operand::IdRef(split.sampler_var)],
            ));
            out.push(Instruction::new(
                Op::SampledImage,
                Some(split.sampled_type),
                inst.result_id,
                vec![Operand::IdRef(texture), Operand::IdRef(sampler)],
            ));
        }
        block.instructions = out;
    }
    Ok(())
}
