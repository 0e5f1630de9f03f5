//! A `.pmm` writer for tests, laid out as nanoem writes a document
//! (`nanoemMutableDocumentSaveToBuffer` and the `*SaveToBuffer` functions of
//! `nanoem/ext/document.c`, hkrn/nanoem, MIT), for both versions (nanoem writes 0002 only; 0001
//! leaves out what its reader skips for version 1). Keys get indices as nanoem and mmd-anim's
//! exporter number them: the initial keys are 0..tracks, the others follow track by track in
//! frame order, each linked to the next of its track. Each track's first key is written as its
//! initial key, so every track needs one.

#![allow(dead_code)]

pub mod sample;

use mmd_format::pmm::*;
use mmd_format::text::encode_sjis;

const MAGIC_V1: &[u8] = b"Polygon Movie maker 0001";
const MAGIC_V2: &[u8] = b"Polygon Movie maker 0002";

#[derive(Default)]
struct Out(Vec<u8>);

impl Out {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn flag(&mut self, v: bool) {
        self.0.push(u8::from(v));
    }
    fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn count(&mut self, n: usize) {
        self.i32(i32::try_from(n).expect("count fits"));
    }
    fn f32(&mut self, v: f32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn floats(&mut self, v: &[f32]) {
        v.iter().for_each(|&f| self.f32(f));
    }
    fn fixed(&mut self, text: &str, size: usize) {
        let mut field = encode_sjis(text);
        assert!(
            field.len() < size,
            "{text:?} fits {size} bytes with its NUL"
        );
        field.resize(size, 0);
        self.0.extend_from_slice(&field);
    }
    fn var(&mut self, text: &str) {
        let bytes = encode_sjis(text);
        self.u8(u8::try_from(bytes.len()).expect("short text"));
        self.0.extend_from_slice(&bytes);
    }
    fn model_bone(&mut self, b: ModelBone) {
        self.i32(b.model);
        self.i32(b.bone);
    }
}

/// The links of every key of `tracks`: (index, previous, next), track by track, each track's
/// first key being its initial key.
fn links(tracks: &[usize]) -> Vec<Vec<(i32, i32, i32)>> {
    let mut next_index = tracks.len() as i32;
    let mut out = Vec::new();
    for (t, &len) in tracks.iter().enumerate() {
        assert!(len > 0, "track {t} has its initial key");
        let first_indexed = next_index;
        let mut track = vec![(t as i32, 0, if len > 1 { first_indexed } else { 0 })];
        for k in 1..len {
            let index = first_indexed + k as i32 - 1;
            let previous = if k == 1 { t as i32 } else { index - 1 };
            let next = if k + 1 < len { index + 1 } else { 0 };
            track.push((index, previous, next));
        }
        next_index += len as i32 - 1;
        out.push(track);
    }
    out
}

/// Writes a key table: the initial keys, the count, the indexed keys.
fn key_table<K>(out: &mut Out, tracks: &[&[K]], frame: fn(&K) -> u32, body: impl Fn(&mut Out, &K)) {
    let lens: Vec<usize> = tracks.iter().map(|t| t.len()).collect();
    let links = links(&lens);
    for (track, links) in tracks.iter().zip(&links) {
        let (_, previous, next) = links[0];
        out.i32(frame(&track[0]) as i32);
        out.i32(previous);
        out.i32(next);
        body(out, &track[0]);
    }
    out.count(lens.iter().map(|n| n - 1).sum());
    for (track, links) in tracks.iter().zip(&links) {
        for (key, &(index, previous, next)) in track.iter().zip(links).skip(1) {
            out.i32(index);
            out.i32(frame(key) as i32);
            out.i32(previous);
            out.i32(next);
            body(out, key);
        }
    }
}

fn curves(out: &mut Out, curves: &[[u8; 4]]) {
    curves.iter().for_each(|c| out.0.extend_from_slice(c));
}

fn bone_key(out: &mut Out, v: PmmVersion, k: &BoneKey) {
    curves(out, &k.curves);
    out.floats(&k.translation);
    out.floats(&k.rotation);
    out.flag(k.selected);
    if v == PmmVersion::V2 {
        out.flag(k.physics_off);
    }
}

fn model_key(out: &mut Out, v: PmmVersion, k: &ModelKey) {
    out.flag(k.visible);
    k.iks.iter().for_each(|&on| out.flag(on));
    if v == PmmVersion::V2 {
        k.outside_parents.iter().for_each(|&p| out.model_bone(p));
    }
    out.flag(k.selected);
}

fn camera_key(out: &mut Out, v: PmmVersion, k: &CameraKey) {
    out.f32(k.distance);
    out.floats(&k.look_at);
    out.floats(&k.angle);
    if v == PmmVersion::V2 {
        out.model_bone(k.follow);
    }
    curves(out, &k.curves);
    out.flag(!k.perspective);
    out.i32(k.fov);
    out.flag(k.selected);
}

fn shown_and_transparency(s: &AccessoryState) -> u8 {
    u8::from(s.shown) | s.transparency << 1
}

fn accessory_key(out: &mut Out, k: &AccessoryKey) {
    let s = &k.state;
    out.u8(shown_and_transparency(s));
    out.model_bone(s.parent);
    out.floats(&s.position);
    out.floats(&s.rotation);
    out.f32(s.scale);
    out.flag(s.shadow);
    out.flag(k.selected);
}

fn model(out: &mut Out, v: PmmVersion, m: &PmmModel) {
    out.u8(m.slot);
    match v {
        PmmVersion::V2 => {
            out.var(&m.name);
            out.var(&m.name_en);
            out.fixed(&m.path, 256);
            out.u8(m.editor.fixed_tracks);
            out.count(m.bone_names.len());
            m.bone_names.iter().for_each(|n| out.var(n));
            out.count(m.morph_names.len());
            m.morph_names.iter().for_each(|n| out.var(n));
            out.count(m.ik_bones.len());
            m.ik_bones.iter().for_each(|&b| out.i32(b));
            out.count(m.outside_parent_bones.len());
            m.outside_parent_bones.iter().for_each(|&b| out.i32(b));
        }
        PmmVersion::V1 => {
            out.fixed(&m.name, 20);
            out.fixed(&m.path, 256);
        }
    }
    out.u8(m.draw_order);
    out.flag(m.visible);
    out.i32(m.editor.selected_bone);
    m.editor.selected_morphs.iter().for_each(|&s| out.i32(s));
    out.u8(m.editor.expanded_frames.len() as u8);
    out.0.extend_from_slice(&m.editor.expanded_frames);
    out.i32(m.editor.vertical_scroll);
    out.i32(m.editor.last_frame);
    let bones: Vec<&[BoneKey]> = m.bone_tracks.iter().map(Vec::as_slice).collect();
    key_table(out, &bones, |k| k.frame, |o, k| bone_key(o, v, k));
    let morphs: Vec<&[MorphKey]> = m.morph_tracks.iter().map(Vec::as_slice).collect();
    key_table(
        out,
        &morphs,
        |k| k.frame,
        |o, k| {
            o.f32(k.weight);
            o.flag(k.selected);
        },
    );
    key_table(
        out,
        &[&m.model_keys],
        |k| k.frame,
        |o, k| model_key(o, v, k),
    );
    for b in &m.current.bones {
        out.floats(&b.translation);
        out.floats(&b.rotation);
        match v {
            PmmVersion::V1 => {
                out.i32(b.v1_unknown);
                out.flag(b.dirty);
            }
            PmmVersion::V2 => {
                out.flag(b.dirty);
                out.flag(b.physics_off);
            }
        }
        out.u8(b.selected_tracks);
    }
    out.floats(&m.current.morphs);
    m.current.iks.iter().for_each(|&on| out.flag(on));
    if v == PmmVersion::V2 {
        for s in &m.current.outside_parents {
            out.i32(s.begin);
            out.i32(s.end);
            out.model_bone(s.parent);
        }
        let render = m.render.expect("0002 models say how they are drawn");
        out.flag(render.additive);
        out.f32(render.edge_width);
        out.flag(render.self_shadow);
        out.u8(render.transform_order);
    }
}

fn accessory(out: &mut Out, v: PmmVersion, a: &PmmAccessory) {
    out.u8(a.slot);
    out.fixed(&a.name, 100);
    out.fixed(&a.path, 256);
    out.u8(a.draw_order);
    key_table(out, &[&a.keys], |k| k.frame, accessory_key);
    let s = &a.current;
    out.u8(shown_and_transparency(s));
    out.model_bone(s.parent);
    out.floats(&s.position);
    out.f32(s.scale);
    out.floats(&s.rotation);
    out.flag(s.shadow);
    if v == PmmVersion::V2 {
        out.flag(a.additive);
    }
}

fn background(out: &mut Out, b: &Background) {
    out.i32(b.offset[0]);
    out.i32(b.offset[1]);
    out.f32(b.scale);
    out.fixed(&b.path, 256);
}

/// `pmm` in nanoem's layout for its version. Panics on what the layout cannot hold (a track
/// without keys, a name too long for its field, a 0002 section left `None`).
pub fn write(pmm: &Pmm) -> Vec<u8> {
    let v = pmm.version;
    let e = &pmm.editor;
    let mut out = Out::default();
    out.0.extend_from_slice(match v {
        PmmVersion::V1 => MAGIC_V1,
        PmmVersion::V2 => MAGIC_V2,
    });
    out.0.resize(30, 0);
    out.i32(pmm.output_size[0]);
    out.i32(pmm.output_size[1]);
    out.i32(e.timeline_width);
    out.f32(e.view_fov);
    out.flag(e.editing_camera_light_accessory);
    e.panels_open.iter().for_each(|&p| out.flag(p));
    out.u8(e.selected_model);
    out.u8(pmm.models.len() as u8);
    if v == PmmVersion::V1 {
        e.model_list.iter().for_each(|n| out.fixed(n, 20));
    }
    pmm.models.iter().for_each(|m| model(&mut out, v, m));

    key_table(
        &mut out,
        &[&pmm.camera.keys],
        |k| k.frame,
        |o, k| camera_key(o, v, k),
    );
    let c = &pmm.camera.current;
    out.floats(&c.look_at);
    out.floats(&c.position);
    out.floats(&c.angle);
    out.flag(!c.perspective);
    key_table(
        &mut out,
        &[&pmm.light.keys],
        |k| k.frame,
        |o, k| {
            o.floats(&k.state.color);
            o.floats(&k.state.direction);
            o.flag(k.selected);
        },
    );
    out.floats(&pmm.light.current.color);
    out.floats(&pmm.light.current.direction);

    out.u8(e.selected_accessory);
    out.i32(e.accessory_scroll);
    out.u8(pmm.accessories.len() as u8);
    e.accessory_list.iter().for_each(|n| out.fixed(n, 100));
    pmm.accessories
        .iter()
        .for_each(|a| accessory(&mut out, v, a));

    out.i32(e.current_frame);
    out.i32(e.horizontal_scroll);
    out.i32(e.horizontal_scroll_thumb);
    out.i32(e.editing_mode);
    out.u8(e.camera_look_mode);
    let range = &pmm.play_range;
    out.flag(range.looped);
    out.flag(range.start.enabled);
    out.flag(range.end.enabled);
    out.i32(range.start.frame as i32);
    out.i32(range.end.frame as i32);
    out.flag(pmm.audio.enabled);
    out.fixed(&pmm.audio.path, 256);
    background(&mut out, &pmm.background_video);
    out.i32(i32::from(pmm.background_video.shown));
    background(&mut out, &pmm.background_image);
    out.flag(pmm.background_image.shown);
    out.flag(e.information_shown);
    out.flag(e.grid_shown);
    out.flag(pmm.ground_shadow.shown);
    out.f32(pmm.fps);
    out.i32(e.screen_capture_mode);
    if let Some(n) = pmm.accessories_before_models {
        out.i32(n);
    }
    if let Some(b) = pmm.ground_shadow.brightness {
        out.f32(b);
    }
    if v == PmmVersion::V2 {
        write_v2_end(&mut out, pmm);
    }
    out.0.extend_from_slice(&pmm.trailing);
    out.0
}

fn write_v2_end(out: &mut Out, pmm: &Pmm) {
    let e = &pmm.editor;
    let physics = pmm.physics.as_ref().expect("0002 physics");
    out.flag(
        pmm.ground_shadow
            .translucent
            .expect("0002 translucent ground shadow"),
    );
    out.u8(match physics.mode {
        PhysicsMode::Off => 0,
        PhysicsMode::Always => 1,
        PhysicsMode::WhilePlaying => 2,
        PhysicsMode::Trace => 3,
    });
    let g = &physics.gravity.current;
    out.f32(g.acceleration);
    out.i32(g.noise);
    out.floats(&g.direction);
    out.flag(g.noise_enabled);
    key_table(
        out,
        &[&physics.gravity.keys],
        |k| k.frame,
        |o, k| {
            o.flag(k.state.noise_enabled);
            o.i32(k.state.noise);
            o.f32(k.state.acceleration);
            o.floats(&k.state.direction);
            o.flag(k.selected);
        },
    );
    let shadow = pmm.self_shadow.as_ref().expect("0002 self-shadow");
    out.flag(shadow.enabled);
    out.f32(shadow.distance);
    key_table(
        out,
        &[&shadow.keys],
        |k| k.frame,
        |o, k| {
            o.u8(k.mode);
            o.f32(k.distance);
            o.flag(k.selected);
        },
    );
    pmm.edge_color
        .expect("0002 edge colour")
        .iter()
        .for_each(|&c| out.i32(c));
    out.flag(pmm.black_background.expect("0002 background"));
    out.model_bone(pmm.camera.looking_at.expect("0002 look-at bone"));
    out.floats(&e.unknown_matrix.expect("0002 matrix"));
    out.flag(pmm.camera.follows_look_at.expect("0002 follow flag"));
    out.u8(e.unknown_flag.expect("0002 unknown flag"));
    out.flag(physics.ground);
    out.i32(e.frame_field.expect("0002 frame field"));
    if let Some(flag) = e.model_selections_flag {
        out.u8(flag);
        if flag != 0 {
            for (slot, m) in pmm.models.iter().enumerate() {
                out.u8(slot as u8);
                out.i32(m.editor.selection.unwrap_or(0));
            }
        }
    }
}
