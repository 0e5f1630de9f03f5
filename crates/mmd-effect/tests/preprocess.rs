//! The preprocessor against what C's preprocessor produces for the same input (expected
//! outputs worked out from C's rules by hand).

use std::path::Path;

use mmd_effect::{ErrorKind, Limits, MemoryLoader, Options, preprocess};

fn run_with(loader: &MemoryLoader, options: &Options) -> Result<String, mmd_effect::EffectError> {
    let out = preprocess(Path::new("fx/main.fx"), loader, options)?;
    let texts: Vec<&str> = out.tokens.iter().map(|t| &*t.text).collect();
    Ok(texts.join(" "))
}

fn run(main: &str) -> Result<String, mmd_effect::EffectError> {
    run_with(
        &MemoryLoader::new().with("fx/main.fx", main),
        &Options::default(),
    )
}

fn text(main: &str) -> String {
    run(main).unwrap_or_else(|e| format!("error: {e}"))
}

#[test]
fn object_and_function_macros() {
    assert_eq!(text("#define N 4\nfloat a[N];"), "float a [ 4 ] ;");
    assert_eq!(
        text("#define MUL(a, b) ((a) * (b))\nx = MUL(1 + 2, y);"),
        "x = ( ( 1 + 2 ) * ( y ) ) ;"
    );
    // A call spread over lines, and a function-like name without a call left alone.
    assert_eq!(text("#define F(x) [x]\nF(\n1\n) F"), "[ 1 ] F");
}

#[test]
fn nested_calls_and_empty_arguments() {
    assert_eq!(
        text("#define ADD(a,b) (a+b)\n#define TWICE(x) ADD(x,x)\nTWICE(ADD(1,2))"),
        "( ( 1 + 2 ) + ( 1 + 2 ) )"
    );
    assert_eq!(
        text("#define E(a,b) <a|b>\nE(,) E(1,) E(,2)"),
        "< | > < 1 | > < | 2 >"
    );
    assert_eq!(text("#define Z() zero\nZ()"), "zero");
    assert_eq!(
        text("#define V(fmt, ...) f(fmt, __VA_ARGS__)\nV(a, b, c)"),
        "f ( a , b , c )"
    );
}

#[test]
fn self_reference_does_not_loop() {
    // C's rule: a macro's own name inside its expansion is not expanded again.
    assert_eq!(text("#define foo foo + 1\nfoo"), "foo + 1");
    assert_eq!(text("#define a b\n#define b a\na b"), "a b");
    // C standard's example (6.10.3.4): the `g` produced inside f's expansion calls f again
    // with the following `(9)`, and that expansion's `g` is hidden.
    assert_eq!(
        text("#define f(a) a * g\n#define g(a) f(a)\nf(2)(9)"),
        "2 * 9 * g"
    );
}

#[test]
fn pasting_and_stringizing() {
    assert_eq!(
        text("#define CAT(a,b) a##b\nCAT(Tex,2D) CAT(x,)"),
        "Tex2D x"
    );
    assert_eq!(
        text("#define SAMP(n) sampler n##Samp; texture n##Map\nSAMP(Scn);"),
        "sampler ScnSamp ; texture ScnMap ;"
    );
    // Pasted arguments are not expanded first; the result is rescanned.
    assert_eq!(
        text("#define AB done\n#define A nope\n#define CAT(a,b) a##b\nCAT(A,B)"),
        "done"
    );
    assert_eq!(
        text("#define STR(x) #x\nSTR(a  +  \"q\")"),
        r#""a + \"q\"""#
    );
    assert_eq!(
        text("#define XSTR(x) STR(x)\n#define STR(x) #x\n#define V 3\nXSTR(V) STR(V)"),
        r#""3" "V""#
    );
}

#[test]
fn bad_paste_is_an_error_with_line() {
    let err = run("\n#define CAT(a,b) a##b\nCAT(+,/)").err();
    let err = err.map(|e| (e.location.line, e.kind));
    assert!(matches!(err, Some((3, ErrorKind::BadPaste(_)))), "{err:?}");
}

#[test]
fn conditionals_nest() {
    let src = "#define A 2
#if A == 1
one
#elif A == 2
  #ifdef B
  two_b
  #elif defined(A) && !defined B
  two_a
  #else
  two_else
  #endif
#else
other
#endif
#ifndef B
no_b
#endif
#if 0
#if 1
hidden
#else
hidden2
#endif
#error not reached
#unknown_in_skipped_block
#endif";
    assert_eq!(text(src), "two_a no_b");
}

#[test]
fn undef_and_redefine() {
    assert_eq!(text("#define X 1\nX\n#undef X\nX\n#define X 2\nX"), "1 X 2");
}

#[test]
fn line_continuations_and_comments() {
    assert_eq!(
        text("#define LONG(a) a + \\\n  a /* c\n */ * 2 // x\nLONG(y)"),
        "y + y * 2"
    );
}

#[test]
fn include_is_relative_to_the_including_file() {
    let loader = MemoryLoader::new()
        .with("fx/main.fx", "#include \"sub/a.fxsub\"\nmain_end")
        .with("fx/sub/a.fxsub", "#include \"../common/b.fxsub\"\nin_a")
        .with("fx/common/b.fxsub", "#define FROM_B 1\nin_b");
    assert_eq!(
        run_with(&loader, &Options::default()).ok().as_deref(),
        Some("in_b in_a main_end")
    );
    let out = preprocess(Path::new("fx/main.fx"), &loader, &Options::default());
    let files = out.map(|o| o.files.paths().len()).ok();
    assert_eq!(files, Some(3));
}

#[test]
fn tokens_keep_file_and_line() {
    let loader = MemoryLoader::new()
        .with(
            "fx/main.fx",
            "a\n#include \"b.fxsub\"\n#define M(x) x m\n\nM(c)",
        )
        .with("fx/b.fxsub", "\n\nb");
    let out = preprocess(Path::new("fx/main.fx"), &loader, &Options::default());
    let places: Vec<(String, String, u32)> = out
        .map(|o| {
            o.tokens
                .iter()
                .map(|t| {
                    let at = o.files.resolve(t.loc);
                    (t.text.to_string(), at.file.display().to_string(), at.line)
                })
                .collect()
        })
        .unwrap_or_default();
    let want = [
        ("a", "fx/main.fx", 1),
        ("b", "fx/b.fxsub", 3),
        ("c", "fx/main.fx", 5),
        ("m", "fx/main.fx", 5),
    ];
    let want: Vec<(String, String, u32)> = want
        .iter()
        .map(|(t, f, l)| (t.to_string(), f.to_string(), *l))
        .collect();
    assert_eq!(places, want);
}

#[test]
fn line_directive_renumbers() {
    let out = preprocess(
        Path::new("fx/main.fx"),
        &MemoryLoader::new().with("fx/main.fx", "a\n#line 100\nb\nc"),
        &Options::default(),
    );
    let lines: Vec<u32> = out
        .map(|o| o.tokens.iter().map(|t| t.loc.line).collect())
        .unwrap_or_default();
    assert_eq!(lines, [1, 100, 101]);
}

#[test]
fn errors_name_file_and_line() {
    let loader = MemoryLoader::new()
        .with("fx/main.fx", "ok\n#include \"inc.fxsub\"")
        .with("fx/inc.fxsub", "\n\n#error Unsupported option");
    let err = run_with(&loader, &Options::default()).err();
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("fx/inc.fxsub:3: #error Unsupported option")
    );
    let missing = run("\n#include \"nowhere.fxsub\"").err();
    assert!(
        matches!(&missing, Some(e) if e.location.line == 2
            && matches!(&e.kind, ErrorKind::Unreadable { path, .. } if path == "fx/nowhere.fxsub")),
        "{missing:?}"
    );
    let unmatched = run("a\n#endif").err().map(|e| (e.location.line, e.kind));
    assert!(matches!(
        unmatched,
        Some((2, ErrorKind::UnmatchedConditional(_)))
    ));
    let open = run("a\n#if 1\nb").err().map(|e| (e.location.line, e.kind));
    assert!(matches!(
        open,
        Some((2, ErrorKind::UnterminatedConditional))
    ));
    let args = run("#define F(a,b) a\n\nF(1)")
        .err()
        .map(|e| (e.location.line, e.kind));
    assert!(matches!(
        args,
        Some((
            3,
            ErrorKind::MacroArguments {
                expected: 2,
                given: 1,
                ..
            }
        ))
    ));
    let call = run("#define F(a) a\nF(1")
        .err()
        .map(|e| (e.location.line, e.kind));
    assert!(matches!(call, Some((2, ErrorKind::UnterminatedCall(_)))));
    let expr = run("#if 1 +\n#endif")
        .err()
        .map(|e| (e.location.line, e.kind));
    assert!(matches!(expr, Some((1, ErrorKind::Expression(_)))));
}

#[test]
fn include_cycles_and_depth_stop() {
    let cycle = MemoryLoader::new()
        .with("fx/main.fx", "#include \"a.fxsub\"")
        .with("fx/a.fxsub", "#include \"main.fx\"");
    let err = run_with(&cycle, &Options::default()).err().map(|e| e.kind);
    assert!(matches!(err, Some(ErrorKind::IncludeCycle(_))), "{err:?}");
    // A chain of distinct files deeper than the limit.
    let mut deep = MemoryLoader::new().with("fx/main.fx", "#include \"d0.fxsub\"");
    for i in 0..40 {
        deep = deep.with(
            &format!("fx/d{i}.fxsub"),
            format!("#include \"d{}.fxsub\"", i + 1),
        );
    }
    let err = run_with(&deep, &Options::default()).err().map(|e| e.kind);
    assert!(
        matches!(err, Some(ErrorKind::IncludeTooDeep(32))),
        "{err:?}"
    );
}

#[test]
fn defines_from_the_host() {
    let options = Options {
        defines: vec![
            ("MME_VERSION".into(), "37".into()),
            ("EMPTY".into(), String::new()),
        ],
        ..Options::default()
    };
    let loader = MemoryLoader::new().with(
        "fx/main.fx",
        "#if MME_VERSION >= 30 && defined(EMPTY)\nnew EMPTY\n#endif",
    );
    assert_eq!(run_with(&loader, &options).ok().as_deref(), Some("new"));
}

#[test]
fn macro_bomb_stops_quickly() {
    // Each level doubles: 2^40 tokens if nothing stopped it.
    let mut src = String::from("#define L0 x x\n");
    for i in 1..=40 {
        src.push_str(&format!("#define L{i} L{} L{}\n", i - 1, i - 1));
    }
    src.push_str("L40\n");
    let started = std::time::Instant::now();
    let err = run(&src).err().map(|e| (e.location.line, e.kind));
    assert!(matches!(err, Some((42, ErrorKind::Limit(..)))), "{err:?}");
    assert!(
        started.elapsed().as_secs() < 10,
        "took {:?}",
        started.elapsed()
    );

    // Arguments nested without end, and smaller limits honoured.
    let nested = format!("#define F(x) x\n{}1{}", "F(".repeat(5000), ")".repeat(5000));
    let err = run(&nested).err().map(|e| e.kind);
    assert!(matches!(err, Some(ErrorKind::Limit(..))), "{err:?}");
    let small = Options {
        limits: Limits {
            tokens: 100,
            ..Limits::default()
        },
        ..Options::default()
    };
    let loader = MemoryLoader::new().with("fx/main.fx", "a ".repeat(200));
    let err = run_with(&loader, &small).err().map(|e| e.kind);
    assert!(matches!(err, Some(ErrorKind::Limit(..))), "{err:?}");
}
