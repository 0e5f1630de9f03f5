//! Test-only encoders for `.x` files: the binary token stream and MSZIP compression, so
//! that tests can turn a text file into the other three encodings.

// Test helpers: a malformed input here is a bug in the test.
#![allow(clippy::unwrap_used)]

/// Token ids of the binary encoding.
mod token {
    pub const NAME: u16 = 1;
    pub const STRING: u16 = 2;
    pub const GUID: u16 = 5;
    pub const INTEGER_LIST: u16 = 6;
    pub const FLOAT_LIST: u16 = 7;
    pub const OBRACE: u16 = 10;
    pub const CBRACE: u16 = 11;
    pub const OBRACKET: u16 = 14;
    pub const CBRACKET: u16 = 15;
    pub const DOT: u16 = 18;
    pub const COMMA: u16 = 19;
    pub const SEMICOLON: u16 = 20;
    pub const TEMPLATE: u16 = 31;
    pub const DWORD: u16 = 41;
    pub const FLOAT: u16 = 42;
    pub const ARRAY: u16 = 52;
}

/// A test-only binary encoder: the tokens of a text body as D3DX writes them in binary.
/// Runs of numbers become one integer or float list (separators between numbers dropped);
/// a string keeps the separator after it as its terminator.
pub fn to_binary(body: &str, doubles: bool) -> Vec<u8> {
    #[derive(PartialEq)]
    enum Run {
        None,
        Ints(Vec<u32>),
        Floats(Vec<f64>),
    }
    fn flush(out: &mut Vec<u8>, run: &mut Run, doubles: bool) {
        match std::mem::replace(run, Run::None) {
            Run::None => {}
            Run::Ints(v) => {
                out.extend(token::INTEGER_LIST.to_le_bytes());
                out.extend((v.len() as u32).to_le_bytes());
                v.iter().for_each(|i| out.extend(i.to_le_bytes()));
            }
            Run::Floats(v) => {
                out.extend(token::FLOAT_LIST.to_le_bytes());
                out.extend((v.len() as u32).to_le_bytes());
                for f in v {
                    if doubles {
                        out.extend(f.to_le_bytes());
                    } else {
                        out.extend((f as f32).to_le_bytes());
                    }
                }
            }
        }
    }
    let header: &[u8] = if doubles {
        b"xof 0303bin 0064"
    } else {
        b"xof 0303bin 0032"
    };
    let mut out = header.to_vec();
    let bytes = mmd_format::text::encode_sjis(body);
    let mut run = Run::None;
    let mut i = 0;
    let mut after_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        let tok = |out: &mut Vec<u8>, id: u16| out.extend(id.to_le_bytes());
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b == b'#' || bytes[i..].starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b == b',' || b == b';' {
            if after_string {
                tok(
                    &mut out,
                    if b == b',' {
                        token::COMMA
                    } else {
                        token::SEMICOLON
                    },
                );
                after_string = false;
            }
            i += 1;
            continue;
        }
        after_string = false;
        let is_number = b.is_ascii_digit()
            || b == b'-'
            || b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if !is_number {
            flush(&mut out, &mut run, doubles);
        }
        match b {
            b'{' => tok(&mut out, token::OBRACE),
            b'}' => tok(&mut out, token::CBRACE),
            b'[' => tok(&mut out, token::OBRACKET),
            b']' => tok(&mut out, token::CBRACKET),
            b'.' if !is_number => tok(&mut out, token::DOT),
            b'<' => {
                while bytes[i] != b'>' {
                    i += 1;
                }
                tok(&mut out, token::GUID);
                out.extend([0u8; 16]);
            }
            b'"' => {
                let end = i + 1 + bytes[i + 1..].iter().position(|&c| c == b'"').unwrap();
                tok(&mut out, token::STRING);
                out.extend(((end - i - 1) as u32).to_le_bytes());
                out.extend(&bytes[i + 1..end]);
                i = end;
                after_string = true;
            }
            _ => {
                let end = i + bytes[i..]
                    .iter()
                    .position(|c| b" \t\r\n,;{}[]<>\"".contains(c))
                    .unwrap_or(bytes.len() - i);
                let word = std::str::from_utf8(&bytes[i..end]).unwrap();
                if is_number {
                    if word.contains(['.', 'e', 'E']) {
                        let f: f64 = word.parse::<f32>().unwrap().into();
                        match &mut run {
                            Run::Floats(v) => v.push(f),
                            _ => {
                                flush(&mut out, &mut run, doubles);
                                run = Run::Floats(vec![f]);
                            }
                        }
                    } else {
                        let n: u32 = word.parse().unwrap();
                        match &mut run {
                            Run::Ints(v) => v.push(n),
                            _ => {
                                flush(&mut out, &mut run, doubles);
                                run = Run::Ints(vec![n]);
                            }
                        }
                    }
                } else {
                    match word {
                        "template" => tok(&mut out, token::TEMPLATE),
                        "DWORD" => tok(&mut out, token::DWORD),
                        "FLOAT" => tok(&mut out, token::FLOAT),
                        "array" => tok(&mut out, token::ARRAY),
                        _ => {
                            tok(&mut out, token::NAME);
                            out.extend((word.len() as u32).to_le_bytes());
                            out.extend(word.as_bytes());
                        }
                    }
                }
                i = end;
                continue;
            }
        }
        i += 1;
    }
    flush(&mut out, &mut run, doubles);
    out
}

/// A test-only deflate encoder: LZ77 (greedy, one candidate per 3-byte prefix) with the fixed
/// Huffman codes, able to copy from `history` (the earlier blocks' output), as MSZIP allows.
mod deflate {
    use std::collections::HashMap;

    const LEN_BASE: [u16; 29] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ];
    const LEN_EXTRA: [u8; 29] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ];
    const DIST_BASE: [u16; 30] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
        2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ];
    const DIST_EXTRA: [u8; 30] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
        13, 13,
    ];

    #[derive(Default)]
    struct Bits {
        out: Vec<u8>,
        acc: u64,
        n: u32,
    }

    impl Bits {
        /// `len` bits of `value`, least significant first.
        fn put(&mut self, value: u32, len: u32) {
            self.acc |= u64::from(value) << self.n;
            self.n += len;
            while self.n >= 8 {
                self.out.push(self.acc as u8);
                self.acc >>= 8;
                self.n -= 8;
            }
        }
        /// A Huffman code: most significant bit first.
        fn code(&mut self, code: u32, len: u32) {
            let reversed = code.reverse_bits() >> (32 - len);
            self.put(reversed, len);
        }
        fn symbol(&mut self, sym: u32) {
            match sym {
                0..=143 => self.code(0x30 + sym, 8),
                144..=255 => self.code(0x190 + sym - 144, 9),
                256..=279 => self.code(sym - 256, 7),
                _ => self.code(0xC0 + sym - 280, 8),
            }
        }
        fn finish(mut self) -> Vec<u8> {
            if self.n > 0 {
                self.out.push(self.acc as u8);
            }
            self.out
        }
    }

    /// One final fixed-Huffman block holding `data`, which may copy from the end of `history`.
    /// Also returns how many copies reach back into `history`.
    pub fn block(history: &[u8], data: &[u8]) -> (Vec<u8>, usize) {
        let all = [history, data].concat();
        let start = history.len();
        let mut last: HashMap<[u8; 3], usize> = HashMap::new();
        for p in start.saturating_sub(32768)..start.saturating_sub(2) {
            last.insert([all[p], all[p + 1], all[p + 2]], p);
        }
        let mut bits = Bits::default();
        bits.put(1, 1); // final block
        bits.put(1, 2); // fixed Huffman codes
        let mut crossing = 0;
        let mut i = start;
        while i < all.len() {
            let mut best = (0, 0);
            if i + 3 <= all.len() {
                let key = [all[i], all[i + 1], all[i + 2]];
                if let Some(&j) = last.get(&key)
                    && i - j <= 32768
                {
                    let len = (0..258.min(all.len() - i))
                        .take_while(|&k| all[j + k] == all[i + k])
                        .count();
                    best = (len, i - j);
                }
            }
            let step = if best.0 >= 3 {
                let (len, dist) = best;
                let l = LEN_BASE
                    .iter()
                    .rposition(|&b| usize::from(b) <= len)
                    .unwrap();
                bits.symbol(257 + l as u32);
                bits.put(
                    (len - usize::from(LEN_BASE[l])) as u32,
                    u32::from(LEN_EXTRA[l]),
                );
                let d = DIST_BASE
                    .iter()
                    .rposition(|&b| usize::from(b) <= dist)
                    .unwrap();
                bits.code(d as u32, 5);
                bits.put(
                    (dist - usize::from(DIST_BASE[d])) as u32,
                    u32::from(DIST_EXTRA[d]),
                );
                if dist > i - start {
                    crossing += 1;
                }
                len
            } else {
                bits.symbol(u32::from(all[i]));
                1
            };
            for p in i..(i + step).min(all.len().saturating_sub(2)) {
                last.insert([all[p], all[p + 1], all[p + 2]], p);
            }
            i += step;
        }
        bits.symbol(256);
        (bits.finish(), crossing)
    }
}

/// `file` (a text or binary `.x`) compressed with MSZIP in blocks of at most 32 KiB: the
/// first by miniz_oxide's compressor, the rest by the test encoder, copying across block
/// boundaries. Returns the file and how many copies cross a boundary.
pub fn mszip(file: &[u8]) -> (Vec<u8>, usize) {
    let kind: &[u8] = if &file[8..12] == b"txt " {
        b"tzip"
    } else {
        b"bzip"
    };
    let mut out = [&file[..8], kind, &file[12..16]].concat();
    out.extend((file.len() as u32).to_le_bytes());
    let body = &file[16..];
    let mut crossing = 0;
    for (k, chunk) in body.chunks(32768).enumerate() {
        let data = if k == 0 {
            miniz_oxide::deflate::compress_to_vec(chunk, 6)
        } else {
            let (data, crossed) = deflate::block(&body[..k * 32768], chunk);
            crossing += crossed;
            data
        };
        out.extend((chunk.len() as u16).to_le_bytes());
        out.extend(((data.len() + 2) as u16).to_le_bytes());
        out.extend(b"CK");
        out.extend(data);
    }
    (out, crossing)
}
