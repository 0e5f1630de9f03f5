//! The stage's uniform block moved to its binding in [`crate::layout::UNIFORM_GROUP`].
//! glslang puts HLSL's uniform globals in one `$Global` constant buffer at binding 0 in
//! every stage (its binding shifts and default-block settings do not reach it); the pixel
//! stage's must sit elsewhere so a pass binds both stages' blocks in one group.

use rspirv::binary::Assemble;
use rspirv::dr::{Operand, load_words};
use rspirv::spirv::{Decoration, Op, StorageClass};

use crate::layout::UNIFORM_GROUP;

/// `words` with every uniform buffer variable in `UNIFORM_GROUP` at `binding`.
pub(crate) fn bind_uniform_block(words: &[u32], binding: u32) -> Result<Vec<u32>, String> {
    let mut module = load_words(words).map_err(|e| e.to_string())?;
    let blocks: Vec<u32> = module
        .types_global_values
        .iter()
        .filter(|i| {
            i.class.opcode == Op::Variable
                && matches!(
                    i.operands.first(),
                    Some(Operand::StorageClass(StorageClass::Uniform))
                )
        })
        .filter_map(|i| i.result_id)
        .collect();
    let in_group = |target: u32| {
        module.annotations.iter().any(|a| {
            matches!(a.operands.as_slice(),
                [Operand::IdRef(t), Operand::Decoration(Decoration::DescriptorSet), Operand::LiteralBit32(set)]
                    if *t == target && *set == UNIFORM_GROUP)
        })
    };
    let moved: Vec<u32> = blocks.into_iter().filter(|b| in_group(*b)).collect();
    for a in &mut module.annotations {
        if let [
            Operand::IdRef(t),
            Operand::Decoration(Decoration::Binding),
            Operand::LiteralBit32(b),
        ] = a.operands.as_mut_slice()
            && moved.contains(t)
        {
            *b = binding;
        }
    }
    Ok(module.assemble())
}
