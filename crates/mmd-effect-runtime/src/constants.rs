//! The initial value of a parameter from its initialiser, as the effect framework sets it
//! before MME touches it: literals, `floatN(…)` constructors and `{…}` lists of literals
//! (`const float4 ClearColor = float4(0, 0, 0, 0);`, `float Script : STANDARDSGLOBAL <…>
//! = 0.8;`). Anything computed is left to the shader, which evaluates it itself.

use crate::uniforms::Value;

/// The value `initializer` gives a parameter of type `ty`, or `None` when it is not made
/// of literals.
pub fn initial_value(ty: &str, initializer: &str) -> Option<Value> {
    let numbers = literals(initializer)?;
    let ty = ty.to_ascii_lowercase();
    if ty == "bool" {
        return numbers.first().map(|n| Value::Bool(*n != 0.0));
    }
    if ty == "int" || ty == "dword" {
        return numbers.first().map(|n| Value::Int(*n as i32));
    }
    let v = match numbers.as_slice() {
        // A single number fills a vector, as HLSL's scalar-to-vector conversion does.
        [x] => [*x; 4],
        many => std::array::from_fn(|i| many.get(i).copied().unwrap_or(0.0)),
    };
    Some(Value::Vector(v))
}

/// The numbers of an initialiser made only of literals, constructor names, braces, commas
/// and signs.
fn literals(text: &str) -> Option<Vec<f32>> {
    let inner = text.trim();
    let inner = match inner.find('(') {
        Some(open) if is_constructor(&inner[..open]) => inner[open + 1..].strip_suffix(')')?,
        _ => inner
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(inner),
    };
    inner
        .split(',')
        .map(|part| number(part.trim()))
        .collect::<Option<Vec<f32>>>()
        .filter(|v| !v.is_empty() && v.len() <= 16)
}

fn is_constructor(name: &str) -> bool {
    let name = name.trim();
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    matches!(base, "float" | "half" | "int" | "bool" | "double")
}

fn number(text: &str) -> Option<f32> {
    match text {
        "true" => return Some(1.0),
        "false" => return Some(0.0),
        _ => {}
    }
    let text = text.trim_end_matches(['f', 'F', 'h', 'H']);
    let text = text.strip_prefix('+').unwrap_or(text);
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_initialisers_give_values_and_computed_ones_none() {
        assert_eq!(
            initial_value("float4", "float4(0,0,0,0)"),
            Some(Value::Vector([0.0; 4]))
        );
        assert_eq!(
            initial_value("float4", "{1.0, 0.5f, -2, .25}"),
            Some(Value::Vector([1.0, 0.5, -2.0, 0.25]))
        );
        assert_eq!(initial_value("float", "0.8"), Some(Value::Vector([0.8; 4])));
        assert_eq!(initial_value("float", "1.0"), Some(Value::Vector([1.0; 4])));
        assert_eq!(initial_value("int", "3"), Some(Value::Int(3)));
        assert_eq!(initial_value("bool", "true"), Some(Value::Bool(true)));
        assert_eq!(initial_value("float2", "0.5 / ViewportSize"), None);
        assert_eq!(initial_value("float3", "normalize(float3(1, 1, 0))"), None);
        assert_eq!(initial_value("float4", "float4(a, 0, 0, 1)"), None);
    }
}
