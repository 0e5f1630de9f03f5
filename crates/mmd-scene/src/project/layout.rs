//! The project file's JSON laid out for people to read and diff: serde_json's indented form
//! (one field a line, in the order the document declares them), except that a list of plain
//! values (a position, a colour, a list of files) stays on one line, as `[0.0, 10.0, 0.0]`
//! rather than one number a line.

/// `pretty` (serde_json's indented JSON) with every list of plain values on one line,
/// ending in a newline.
pub(super) fn join_plain_lists(pretty: &str) -> String {
    let lines: Vec<&str> = pretty.lines().collect();
    let mut out = String::with_capacity(pretty.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(end) = line
            .strip_suffix('[')
            .and_then(|_| plain_list_end(&lines[i + 1..]))
        {
            out.push_str(line);
            for (k, item) in lines[i + 1..i + 1 + end].iter().enumerate() {
                if k > 0 {
                    out.push(' ');
                }
                out.push_str(item.trim());
            }
            out.push_str(lines[i + 1 + end].trim_start());
            i += end + 2;
        } else {
            out.push_str(line);
            i += 1;
        }
        out.push('\n');
    }
    out
}

/// How many lines of plain values come before the line closing the list that `rest` follows,
/// or `None` when the list holds an object or a list.
fn plain_list_end(rest: &[&str]) -> Option<usize> {
    for (k, line) in rest.iter().enumerate() {
        let item = line.trim();
        if item == "]" || item == "]," {
            return Some(k);
        }
        let value = item.strip_suffix(',').unwrap_or(item);
        if !is_plain(value) {
            return None;
        }
    }
    None
}

/// Whether `value` (one line of serde_json's output) is a string, number, boolean or null.
fn is_plain(value: &str) -> bool {
    value.starts_with('"')
        || matches!(value, "true" | "false" | "null")
        || value.parse::<f64>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn plain_lists_go_on_one_line_and_the_text_reads_back_the_same() {
        let value = json!({
            "position": [0.0, 10.5, -1.0e-7],
            "name": "ミク [\"A\"],",
            "empty": {},
            "none": [],
            "layers": [ { "files": ["a.vmd", "[b].vmd"], "weight": 1.0 } ],
            "nested": [[1, 2], [3]],
        });
        let text = join_plain_lists(&serde_json::to_string_pretty(&value).unwrap());
        assert!(
            text.contains("\"position\": [0.0, 10.5, -1e-7]\n"),
            "{text}"
        );
        assert!(
            text.contains("\"files\": [\"a.vmd\", \"[b].vmd\"],"),
            "{text}"
        );
        assert!(text.contains("\"none\": [],"), "{text}");
        assert!(text.contains("    [1, 2],\n"), "{text}");
        assert!(text.ends_with("}\n"));
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
