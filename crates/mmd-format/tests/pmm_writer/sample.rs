//! A project with something in every part, for round trips and mutations.

use mmd_format::pmm::*;

/// Curves that are not MMD's linear default, distinct per curve and key.
pub fn curves_from<const N: usize>(seed: u8) -> [[u8; 4]; N] {
    std::array::from_fn(|c| std::array::from_fn(|j| seed.wrapping_add((4 * c + j) as u8) % 128))
}

fn bone_key(frame: u32, seed: u8, physics_off: bool) -> BoneKey {
    BoneKey {
        frame,
        translation: [f32::from(seed), 0.5, -1.25],
        rotation: [0.0, 0.6, 0.0, 0.8],
        curves: curves_from(seed),
        physics_off,
        selected: seed.is_multiple_of(2),
    }
}

fn model_key(
    frame: u32,
    visible: bool,
    iks: Vec<bool>,
    outside_parents: Vec<ModelBone>,
) -> ModelKey {
    ModelKey {
        frame,
        visible,
        iks,
        outside_parents,
        selected: false,
    }
}

fn accessory_state(transparency: u8, parent: ModelBone) -> AccessoryState {
    AccessoryState {
        shown: transparency < 50,
        transparency,
        parent,
        position: [1.0, 2.0, 3.0],
        rotation: [0.1, 0.2, 0.3],
        scale: 1.5,
        shadow: true,
    }
}

/// A project with every kind of key, several keys per track, Japanese names and every setting
/// away from its default, in `version`'s layout (0002's own fields `None` or empty in 0001).
pub fn sample_project(version: PmmVersion) -> Pmm {
    let v2 = version == PmmVersion::V2;
    let miku = PmmModel {
        slot: 0,
        name: "初音ミク".into(),
        name_en: if v2 { "Miku".into() } else { String::new() },
        path: r"C:\MMD\UserFile\Model\初音ミク.pmd".into(),
        bone_names: ["センター", "左足ＩＫ", "右足ＩＫ", "頭"]
            .map(String::from)
            .into(),
        morph_names: ["base", "まばたき", "あ"].map(String::from).into(),
        ik_bones: vec![1, 2],
        outside_parent_bones: if v2 { vec![-1, 0] } else { Vec::new() },
        draw_order: 1,
        visible: true,
        bone_tracks: vec![
            vec![
                bone_key(0, 20, false),
                bone_key(10, 33, false),
                bone_key(20, 71, v2),
            ],
            vec![bone_key(0, 5, false)],
            vec![bone_key(0, 6, false), bone_key(45, 90, false)],
            vec![bone_key(0, 7, false)],
        ],
        morph_tracks: vec![
            vec![MorphKey {
                frame: 0,
                weight: 0.0,
                selected: false,
            }],
            vec![
                MorphKey {
                    frame: 0,
                    weight: 0.0,
                    selected: false,
                },
                MorphKey {
                    frame: 5,
                    weight: 1.0,
                    selected: true,
                },
                MorphKey {
                    frame: 10,
                    weight: 0.25,
                    selected: false,
                },
            ],
            vec![MorphKey {
                frame: 0,
                weight: 0.5,
                selected: false,
            }],
        ],
        model_keys: vec![
            model_key(
                0,
                true,
                vec![true, true],
                if v2 {
                    vec![ModelBone::NONE; 2]
                } else {
                    Vec::new()
                },
            ),
            model_key(
                15,
                false,
                vec![false, true],
                if v2 {
                    vec![ModelBone { model: 1, bone: 0 }, ModelBone::NONE]
                } else {
                    Vec::new()
                },
            ),
        ],
        current: ModelPose {
            bones: (0..4)
                .map(|i| BoneState {
                    translation: [i as f32, 0.0, 0.0],
                    rotation: [0.0, 0.0, 0.0, 1.0],
                    dirty: i == 1,
                    physics_off: v2 && i == 2,
                    selected_tracks: i as u8,
                    v1_unknown: if v2 { 0 } else { 7 },
                })
                .collect(),
            morphs: vec![0.0, 0.75, 0.0],
            iks: vec![true, false],
            outside_parents: if v2 {
                vec![
                    OutsideParentState {
                        begin: 0,
                        end: 15,
                        parent: ModelBone::NONE,
                    },
                    OutsideParentState {
                        begin: 15,
                        end: 90,
                        parent: ModelBone { model: 1, bone: 0 },
                    },
                ]
            } else {
                Vec::new()
            },
        },
        render: v2.then_some(ModelRender {
            additive: true,
            edge_width: 0.5,
            self_shadow: true,
            transform_order: 1,
        }),
        editor: ModelEditor {
            fixed_tracks: if v2 { 3 } else { 0 },
            selected_bone: 2,
            selected_morphs: [1, -1, 2, -1],
            expanded_frames: vec![1, 0, 1],
            vertical_scroll: 4,
            last_frame: 90,
            selection: v2.then_some(3),
        },
    };
    let stage = PmmModel {
        slot: 1,
        name: "ステージ".into(),
        path: r"C:\MMD\UserFile\Model\ステージ.pmd".into(),
        bone_names: vec!["全ての親".into()],
        draw_order: 2,
        visible: true,
        bone_tracks: vec![vec![bone_key(0, 1, false)]],
        model_keys: vec![model_key(
            0,
            true,
            Vec::new(),
            if v2 {
                vec![ModelBone::NONE]
            } else {
                Vec::new()
            },
        )],
        outside_parent_bones: if v2 { vec![-1] } else { Vec::new() },
        current: ModelPose {
            bones: vec![BoneState {
                rotation: [0.0, 0.0, 0.0, 1.0],
                v1_unknown: if v2 { 0 } else { -3 },
                ..BoneState::default()
            }],
            outside_parents: if v2 {
                vec![OutsideParentState {
                    begin: 0,
                    end: 0,
                    parent: ModelBone::NONE,
                }]
            } else {
                Vec::new()
            },
            ..ModelPose::default()
        },
        render: v2.then_some(ModelRender {
            edge_width: 1.0,
            transform_order: 2,
            ..ModelRender::default()
        }),
        editor: ModelEditor {
            selected_bone: -1,
            selected_morphs: [-1; 4],
            selection: v2.then_some(0),
            ..ModelEditor::default()
        },
        ..PmmModel::default()
    };
    let camera_key = |frame: u32, seed: u8, follow: ModelBone| CameraKey {
        frame,
        distance: -45.0 + f32::from(seed),
        look_at: [0.0, 10.0, f32::from(seed)],
        angle: [0.1, -0.2, 0.0],
        follow: if v2 { follow } else { ModelBone::NONE },
        curves: curves_from(seed),
        perspective: seed.is_multiple_of(2),
        fov: 30 + i32::from(seed),
        selected: false,
    };
    let light_key = |frame: u32, c: f32| LightKey {
        frame,
        state: LightState {
            color: [c, c, 0.6],
            direction: [-0.5, -1.0, 0.5],
        },
        selected: frame == 0,
    };
    Pmm {
        version,
        output_size: [1920, 1080],
        fps: 30.0,
        play_range: PlayRange {
            looped: true,
            start: FrameSetting {
                enabled: true,
                frame: 10,
            },
            end: FrameSetting {
                enabled: false,
                frame: 300,
            },
        },
        audio: Audio {
            enabled: true,
            path: r"C:\MMD\UserFile\Wave\曲.wav".into(),
        },
        models: vec![miku, stage],
        camera: Camera {
            keys: vec![
                camera_key(0, 0, ModelBone::NONE),
                camera_key(30, 11, ModelBone { model: 0, bone: 3 }),
                camera_key(31, 40, ModelBone::NONE),
            ],
            current: CameraState {
                look_at: [0.0, 10.0, 0.0],
                position: [0.0, 10.0, 45.0],
                angle: [0.0, 0.5, 0.0],
                perspective: false,
            },
            looking_at: v2.then_some(ModelBone { model: 0, bone: 0 }),
            follows_look_at: v2.then_some(true),
        },
        light: Light {
            keys: vec![light_key(0, 0.6), light_key(45, 0.2)],
            current: LightState {
                color: [0.6, 0.6, 0.6],
                direction: [-0.5, -1.0, 0.5],
            },
        },
        accessories: vec![
            PmmAccessory {
                slot: 0,
                name: "床".into(),
                path: r"C:\MMD\UserFile\Accessory\床.x".into(),
                draw_order: 0,
                keys: vec![
                    AccessoryKey {
                        frame: 0,
                        state: accessory_state(0, ModelBone::NONE),
                        selected: false,
                    },
                    AccessoryKey {
                        frame: 20,
                        state: accessory_state(100, ModelBone { model: 0, bone: 3 }),
                        selected: true,
                    },
                ],
                current: accessory_state(40, ModelBone { model: 1, bone: 0 }),
                additive: v2,
            },
            PmmAccessory {
                slot: 1,
                name: "ネギ".into(),
                path: r"C:\MMD\UserFile\Accessory\negi.x".into(),
                draw_order: 1,
                keys: vec![AccessoryKey {
                    frame: 0,
                    state: accessory_state(127, ModelBone::NONE),
                    selected: false,
                }],
                current: accessory_state(0, ModelBone::NONE),
                additive: false,
            },
        ],
        ground_shadow: GroundShadow {
            shown: true,
            brightness: Some(0.75),
            translucent: v2.then_some(true),
        },
        physics: v2.then(|| Physics {
            mode: PhysicsMode::Always,
            ground: true,
            gravity: Gravity {
                current: GravityState {
                    acceleration: 9.8,
                    noise_enabled: true,
                    noise: 12,
                    direction: [0.0, -1.0, 0.0],
                },
                keys: vec![
                    GravityKey {
                        frame: 0,
                        state: GravityState {
                            acceleration: 9.8,
                            noise_enabled: false,
                            noise: 10,
                            direction: [0.0, -1.0, 0.0],
                        },
                        selected: false,
                    },
                    GravityKey {
                        frame: 100,
                        state: GravityState {
                            acceleration: 20.0,
                            noise_enabled: true,
                            noise: 50,
                            direction: [0.5, -0.5, 0.0],
                        },
                        selected: true,
                    },
                ],
            },
        }),
        self_shadow: v2.then(|| SelfShadow {
            enabled: true,
            distance: 0.01125,
            keys: vec![
                SelfShadowKey {
                    frame: 0,
                    mode: 1,
                    distance: 0.01125,
                    selected: false,
                },
                SelfShadowKey {
                    frame: 50,
                    mode: 2,
                    distance: 0.05,
                    selected: false,
                },
            ],
        }),
        edge_color: v2.then_some([10, 20, 30]),
        black_background: v2.then_some(true),
        background_video: Background {
            shown: true,
            path: r"C:\MMD\UserFile\BackGround\video.avi".into(),
            offset: [3, -4],
            scale: 1.25,
        },
        background_image: Background {
            shown: false,
            path: r"C:\MMD\UserFile\BackGround\空.bmp".into(),
            offset: [-1, 2],
            scale: 0.5,
        },
        accessories_before_models: Some(1),
        editor: Editor {
            timeline_width: 250,
            view_fov: 27.0,
            editing_camera_light_accessory: true,
            panels_open: vec![true, false, true, false, true, true][..if v2 { 6 } else { 5 }]
                .to_vec(),
            selected_model: 1,
            model_list: if v2 {
                Vec::new()
            } else {
                vec!["初音ミク".into(), "ステージ".into()]
            },
            selected_accessory: 1,
            accessory_scroll: 2,
            accessory_list: vec!["床".into(), "ネギ".into()],
            current_frame: 42,
            horizontal_scroll: 5,
            horizontal_scroll_thumb: 735,
            editing_mode: 3,
            camera_look_mode: 1,
            information_shown: true,
            grid_shown: false,
            screen_capture_mode: 2,
            unknown_matrix: v2
                .then_some(std::array::from_fn(|i| if i % 5 == 0 { 1.0 } else { 0.0 })),
            unknown_flag: v2.then_some(0),
            frame_field: v2.then_some(42),
            model_selections_flag: v2.then_some(1),
        },
        trailing: Vec::new(),
        warnings: Vec::new(),
    }
}

/// What a 0001 reader needs from each of `pmm`'s models: their own names and IK bones.
pub fn shapes_of(pmm: &Pmm) -> impl FnMut(&ModelRef<'_>) -> Option<ModelShape> + '_ {
    |model| {
        let m = pmm.models.get(model.index)?;
        Some(ModelShape {
            bone_names: m.bone_names.clone(),
            morph_names: m.morph_names.clone(),
            ik_bones: m.ik_bones.clone(),
        })
    }
}
