//! Rebuilds the crate when a locale file changes: `rust_i18n::i18n!` compiles the strings in
//! but cannot tell Cargo which files it read.

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
