//! PMM reader: the header, the models, the camera, light and accessories, the settings, then
//! (0002) physics, self-shadow and the view, in file order (see the [module docs](super)).

use super::model::{self, ModelRef, ModelShape, PATH_SIZE, V1_MODEL_NAME_SIZE, fixed_text};
use super::records::{self, key_table};
use super::tracks::{Framed, KeyTable, link};
use super::{
    Audio, Background, Camera, CameraState, FrameSetting, Gravity, GroundShadow, Light, Physics,
    PhysicsMode, PlayRange, Pmm, PmmAccessory, PmmVersion, SelfShadow,
};
use crate::binary::{Ctx, Reader};
use crate::error::{ErrorKind, Format, Result};
use crate::warning::Warnings;

/// The magic field; the magic string is its first 24 bytes, the rest NUL.
pub(super) const MAGIC_FIELD_SIZE: usize = 30;
pub(super) const MAGIC_V1: &[u8; 24] = b"Polygon Movie maker 0001";
pub(super) const MAGIC_V2: &[u8; 24] = b"Polygon Movie maker 0002";
pub(super) const ACCESSORY_NAME_SIZE: usize = 100;

/// Whether `bytes` starts with either version's magic.
pub fn has_magic(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC_V1) || bytes.starts_with(MAGIC_V2)
}

/// Reads a project whose models need nothing from outside: any 0002 file, and a 0001 file
/// without models. A 0001 file with models fails with [`ErrorKind::ModelNeeded`]; read it with
/// [`read_with_models`].
pub fn read(bytes: &[u8]) -> Result<super::Pmm> {
    read_with_models(bytes, |_| None)
}

/// Reads a project; `shape_of` is asked for the shape of each model of a 0001 file (MMD took
/// it from the PMD at the model's path), and never for a 0002 file. A 0001 model it gives no
/// shape for fails with [`ErrorKind::ModelNeeded`].
pub fn read_with_models(
    bytes: &[u8],
    mut shape_of: impl FnMut(&ModelRef<'_>) -> Option<ModelShape>,
) -> Result<Pmm> {
    let mut r = Reader::new(bytes, Format::Pmm);
    let mut warnings = Warnings::default();
    let magic = r.take(MAGIC_FIELD_SIZE).ctx(|| "header")?;
    let version = if magic.starts_with(MAGIC_V2) {
        PmmVersion::V2
    } else if magic.starts_with(MAGIC_V1) {
        PmmVersion::V1
    } else {
        return Err(r.error_at(0, ErrorKind::BadMagic(Format::Pmm)));
    };
    let mut pmm = Pmm {
        version,
        ..Pmm::default()
    };
    read_header(&mut r, &mut pmm).ctx(|| "header")?;
    read_models(&mut r, &mut pmm, &mut shape_of, &mut warnings)?;
    pmm.camera = read_camera(&mut r, version, &mut warnings).ctx(|| "camera")?;
    pmm.light = read_light(&mut r, &mut warnings).ctx(|| "light")?;
    read_accessories(&mut r, &mut pmm, &mut warnings)?;
    read_settings(&mut r, &mut pmm, &mut warnings).ctx(|| "settings")?;
    match version {
        PmmVersion::V1 => read_v1_end(&mut r, &mut pmm).ctx(|| "settings")?,
        PmmVersion::V2 => {
            read_v2_end(&mut r, &mut pmm, &mut warnings)?;
            read_model_selections(&mut r, &mut pmm, &mut warnings).ctx(|| "model selections")?;
        }
    }
    pmm.trailing = r.take(r.remaining())?.to_vec();
    pmm.warnings = warnings.finish();
    Ok(pmm)
}

fn flag(r: &mut Reader<'_>) -> Result<bool> {
    Ok(r.u8()? != 0)
}

fn read_header(r: &mut Reader<'_>, pmm: &mut Pmm) -> Result<()> {
    pmm.output_size = [r.i32()?, r.i32()?];
    pmm.editor.timeline_width = r.i32()?;
    pmm.editor.view_fov = r.f32()?;
    pmm.editor.editing_camera_light_accessory = flag(r)?;
    let panels = match pmm.version {
        PmmVersion::V1 => 5,
        PmmVersion::V2 => 6,
    };
    pmm.editor.panels_open = (0..panels).map(|_| flag(r)).collect::<Result<_>>()?;
    Ok(())
}

fn read_models(
    r: &mut Reader<'_>,
    pmm: &mut Pmm,
    shape_of: &mut dyn FnMut(&ModelRef<'_>) -> Option<ModelShape>,
    warnings: &mut Warnings,
) -> Result<()> {
    pmm.editor.selected_model = r.u8().ctx(|| "models")?;
    let count = usize::from(r.u8().ctx(|| "model count")?);
    if pmm.version == PmmVersion::V1 {
        let names = r
            .check_count(count as u64, V1_MODEL_NAME_SIZE)
            .ctx(|| "model list")?;
        pmm.editor.model_list = (0..names)
            .map(|_| fixed_text(r, V1_MODEL_NAME_SIZE))
            .collect::<Result<_>>()
            .ctx(|| "model list")?;
    }
    pmm.models = Vec::with_capacity(count);
    for i in 0..count {
        let model = model::read_model(r, pmm.version, i, shape_of, warnings)
            .ctx(|| format!("model {i}"))?;
        pmm.models.push(model);
    }
    Ok(())
}

/// The one track of a single-track key table (camera, light, an accessory, gravity,
/// self-shadow).
fn single_track<K: Framed>(table: KeyTable<K>, name: &str, warnings: &mut Warnings) -> Vec<K> {
    link(table, name, &|_| name.to_owned(), warnings)
        .into_iter()
        .flatten()
        .collect()
}

fn read_camera(r: &mut Reader<'_>, version: PmmVersion, warnings: &mut Warnings) -> Result<Camera> {
    let table = key_table(r, 1, records::camera_body_size(version), "camera", |r| {
        records::camera_key(r, version)
    })?;
    let keys = single_track(table, "camera", warnings);
    let current = CameraState {
        look_at: r.vec3()?,
        position: r.vec3()?,
        angle: r.vec3()?,
        perspective: r.u8()? == 0,
    };
    Ok(Camera {
        keys,
        current,
        ..Camera::default()
    })
}

fn read_light(r: &mut Reader<'_>, warnings: &mut Warnings) -> Result<Light> {
    let table = key_table(r, 1, records::LIGHT_BODY_SIZE, "light", records::light_key)?;
    Ok(Light {
        keys: single_track(table, "light", warnings),
        current: records::light_state(r)?,
    })
}

fn read_accessories(r: &mut Reader<'_>, pmm: &mut Pmm, warnings: &mut Warnings) -> Result<()> {
    pmm.editor.selected_accessory = r.u8().ctx(|| "accessories")?;
    pmm.editor.accessory_scroll = r.i32().ctx(|| "accessories")?;
    let count = usize::from(r.u8().ctx(|| "accessory count")?);
    let listed = r
        .check_count(count as u64, ACCESSORY_NAME_SIZE)
        .ctx(|| "accessory list")?;
    pmm.editor.accessory_list = (0..listed)
        .map(|_| fixed_text(r, ACCESSORY_NAME_SIZE))
        .collect::<Result<_>>()
        .ctx(|| "accessory list")?;
    pmm.accessories = Vec::with_capacity(count);
    for i in 0..count {
        let accessory =
            read_accessory(r, pmm.version, warnings).ctx(|| format!("accessory {i}"))?;
        pmm.accessories.push(accessory);
    }
    Ok(())
}

fn read_accessory(
    r: &mut Reader<'_>,
    version: PmmVersion,
    warnings: &mut Warnings,
) -> Result<PmmAccessory> {
    let slot = r.u8()?;
    let name = fixed_text(r, ACCESSORY_NAME_SIZE).ctx(|| "name")?;
    let path = fixed_text(r, PATH_SIZE).ctx(|| "path")?;
    let draw_order = r.u8()?;
    let table = key_table(
        r,
        1,
        records::ACCESSORY_BODY_SIZE,
        "accessory",
        records::accessory_key,
    )?;
    let keys = single_track(table, &format!("accessory {name:?}"), warnings);
    let current = records::accessory_state(r).ctx(|| "current state")?;
    let additive = match version {
        PmmVersion::V1 => false,
        PmmVersion::V2 => flag(r)?,
    };
    Ok(PmmAccessory {
        slot,
        name,
        path,
        draw_order,
        keys,
        current,
        additive,
    })
}

/// A frame number that must not be negative: a negative one becomes 0 with a warning.
fn frame_setting(
    r: &mut Reader<'_>,
    enabled: bool,
    what: &str,
    warnings: &mut Warnings,
) -> Result<FrameSetting> {
    let at = r.pos();
    let frame = r.i32()?;
    let frame = u32::try_from(frame).unwrap_or_else(|_| {
        warnings.push(at, || format!("{what}: negative frame {frame}; 0 used"));
        0
    });
    Ok(FrameSetting { enabled, frame })
}

fn background(r: &mut Reader<'_>) -> Result<Background> {
    Ok(Background {
        offset: [r.i32()?, r.i32()?],
        scale: r.f32()?,
        path: fixed_text(r, PATH_SIZE)?,
        shown: false,
    })
}

/// Playback, music, backgrounds and display settings, up to the screen capture mode.
fn read_settings(r: &mut Reader<'_>, pmm: &mut Pmm, warnings: &mut Warnings) -> Result<()> {
    let editor = &mut pmm.editor;
    editor.current_frame = r.i32()?;
    editor.horizontal_scroll = r.i32()?;
    editor.horizontal_scroll_thumb = r.i32()?;
    editor.editing_mode = r.i32()?;
    editor.camera_look_mode = r.u8()?;
    let looped = flag(r)?;
    let (from, to) = (flag(r)?, flag(r)?);
    pmm.play_range = PlayRange {
        looped,
        start: frame_setting(r, from, "play range start", warnings)?,
        end: frame_setting(r, to, "play range end", warnings)?,
    };
    let enabled = flag(r)?;
    pmm.audio = Audio {
        enabled,
        path: fixed_text(r, PATH_SIZE).ctx(|| "music path")?,
    };
    pmm.background_video = background(r).ctx(|| "background video")?;
    // The video's flag is four bytes, the image's one.
    pmm.background_video.shown = r.i32()? != 0;
    pmm.background_image = background(r).ctx(|| "background image")?;
    pmm.background_image.shown = flag(r)?;
    pmm.editor.information_shown = flag(r)?;
    pmm.editor.grid_shown = flag(r)?;
    pmm.ground_shadow.shown = flag(r)?;
    pmm.fps = r.f32()?;
    pmm.editor.screen_capture_mode = r.i32()?;
    Ok(())
}

/// The last two settings, which some 0001 files end before; whatever follows is kept as
/// trailing bytes.
fn read_v1_end(r: &mut Reader<'_>, pmm: &mut Pmm) -> Result<()> {
    if r.remaining() >= 4 {
        pmm.accessories_before_models = Some(r.i32()?);
    }
    if r.remaining() >= 4 {
        pmm.ground_shadow.brightness = Some(r.f32()?);
    }
    Ok(())
}

/// From the accessories-before-models setting to the frame field: the 0002 physics,
/// self-shadow, edge colour and view settings.
fn read_v2_end(r: &mut Reader<'_>, pmm: &mut Pmm, warnings: &mut Warnings) -> Result<()> {
    (|| {
        pmm.accessories_before_models = Some(r.i32()?);
        pmm.ground_shadow = GroundShadow {
            brightness: Some(r.f32()?),
            translucent: Some(flag(r)?),
            ..pmm.ground_shadow
        };
        Ok(())
    })()
    .ctx(|| "settings")?;
    let mode = physics_mode(r, warnings).ctx(|| "physics mode")?;
    let gravity = read_gravity(r, warnings).ctx(|| "gravity")?;
    pmm.self_shadow = Some(read_self_shadow(r, warnings).ctx(|| "self-shadow")?);
    (|| {
        pmm.edge_color = Some([r.i32()?, r.i32()?, r.i32()?]);
        pmm.black_background = Some(flag(r)?);
        pmm.camera.looking_at = Some(records::model_bone(r)?);
        let mut matrix = [0.0; 16];
        for value in &mut matrix {
            *value = r.f32()?;
        }
        pmm.editor.unknown_matrix = Some(matrix);
        pmm.camera.follows_look_at = Some(flag(r)?);
        pmm.editor.unknown_flag = Some(r.u8()?);
        pmm.physics = Some(Physics {
            mode,
            ground: flag(r)?,
            gravity,
        });
        pmm.editor.frame_field = Some(r.i32()?);
        Ok(())
    })()
    .ctx(|| "view settings")
}

/// nanoem's numbering; any other value is taken as off, as nanoem does, with a warning.
fn physics_mode(r: &mut Reader<'_>, warnings: &mut Warnings) -> Result<PhysicsMode> {
    let at = r.pos();
    Ok(match r.u8()? {
        0 => PhysicsMode::Off,
        1 => PhysicsMode::Always,
        2 => PhysicsMode::WhilePlaying,
        3 => PhysicsMode::Trace,
        other => {
            warnings.push(at, || format!("physics mode {other} is unknown; off used"));
            PhysicsMode::Off
        }
    })
}

fn read_gravity(r: &mut Reader<'_>, warnings: &mut Warnings) -> Result<Gravity> {
    let current = records::gravity_state(r)?;
    let table = key_table(
        r,
        1,
        records::GRAVITY_BODY_SIZE,
        "gravity",
        records::gravity_key,
    )?;
    Ok(Gravity {
        current,
        keys: single_track(table, "gravity", warnings),
    })
}

fn read_self_shadow(r: &mut Reader<'_>, warnings: &mut Warnings) -> Result<SelfShadow> {
    let enabled = flag(r)?;
    let distance = r.f32()?;
    let table = key_table(
        r,
        1,
        records::SELF_SHADOW_BODY_SIZE,
        "self-shadow",
        records::self_shadow_key,
    )?;
    Ok(SelfShadow {
        enabled,
        distance,
        keys: single_track(table, "self-shadow", warnings),
    })
}

/// Optional: a flag, and when it is not 0 a (slot, selection) per model. A slot past the
/// models is skipped with a warning.
fn read_model_selections(r: &mut Reader<'_>, pmm: &mut Pmm, warnings: &mut Warnings) -> Result<()> {
    if r.is_at_end() {
        return Ok(());
    }
    let listed = r.u8()?;
    pmm.editor.model_selections_flag = Some(listed);
    if listed == 0 {
        return Ok(());
    }
    let count = r.check_count(pmm.models.len() as u64, 5)?;
    for _ in 0..count {
        let at = r.pos();
        let slot = usize::from(r.u8()?);
        let selection = r.i32()?;
        match pmm.models.get_mut(slot) {
            Some(model) => model.editor.selection = Some(selection),
            None => warnings.index(
                at,
                "model",
                slot as i64,
                pmm.models.len(),
                "its selection left out",
            ),
        }
    }
    Ok(())
}
