//! Frame lists on the command line: comma-separated frames and inclusive integer ranges,
//! e.g. `0,15.5,30..40`.

use anyhow::{Context, Result, bail};

/// Parses `LIST` into frame numbers, in the order given.
pub fn parse(list: &str) -> Result<Vec<f32>> {
    let mut frames = Vec::new();
    for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = part.split_once("..") {
            let a: i64 = a
                .trim()
                .parse()
                .with_context(|| format!("bad range start in {part:?}"))?;
            let b: i64 = b
                .trim()
                .parse()
                .with_context(|| format!("bad range end in {part:?}"))?;
            if b < a {
                bail!("empty range {part:?}");
            }
            // abs_diff: `b - a` overflows for ranges like i64::MIN..i64::MAX.
            if b.abs_diff(a) > 1_000_000 {
                bail!("range {part:?} is too long");
            }
            frames.extend((a..=b).map(|f| f as f32));
        } else {
            let f: f32 = part
                .parse()
                .with_context(|| format!("bad frame {part:?}"))?;
            if !f.is_finite() {
                bail!("bad frame {part:?}");
            }
            frames.push(f);
        }
    }
    if frames.is_empty() {
        bail!("no frames in {list:?}");
    }
    Ok(frames)
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn frames_and_ranges() {
        assert_eq!(
            parse("0,15.5,3..5").unwrap(),
            vec![0.0, 15.5, 3.0, 4.0, 5.0]
        );
    }

    #[test]
    fn rejects_garbage() {
        assert!(parse("a").is_err());
        assert!(parse("5..3").is_err());
        assert!(parse("").is_err());
        assert!(parse("nan").is_err());
        assert!(parse("-9223372036854775808..9223372036854775807").is_err());
    }
}
