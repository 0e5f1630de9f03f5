//! The figure's bones: MMD's standard names and the semi-standard extras real models carry
//! (leg IK with knee limits, toe IK, D-bones that follow the legs by append, and the
//! shoulder-cancel pair 肩P / 肩C), so motions made for ordinary models play on it.

use glam::Vec3;
use mmd_format::pmx::{AngleLimit, Append, Bone, BoneTail, Ik, IkLink, bone_flags as f};

/// Where the figure's joints are (model units, MMD's left-handed space, facing -Z; the
/// figure's left is +X).
pub mod joint {
    use glam::Vec3;

    pub const CENTER: Vec3 = Vec3::new(0.0, 8.0, 0.0);
    pub const WAIST: Vec3 = Vec3::new(0.0, 11.2, 0.0);
    pub const NECK: Vec3 = Vec3::new(0.0, 16.1, 0.0);
    pub const HEAD: Vec3 = Vec3::new(0.0, 17.0, 0.0);
    pub const SHOULDER: Vec3 = Vec3::new(0.35, 15.6, 0.0);
    pub const ARM: Vec3 = Vec3::new(1.45, 15.35, 0.0);
    pub const ELBOW: Vec3 = Vec3::new(3.4, 13.45, 0.0);
    pub const WRIST: Vec3 = Vec3::new(5.05, 11.85, 0.0);
    pub const LEG: Vec3 = Vec3::new(0.95, 10.4, 0.0);
    pub const KNEE: Vec3 = Vec3::new(0.95, 5.9, -0.05);
    pub const ANKLE: Vec3 = Vec3::new(0.95, 1.25, 0.1);
    pub const TOE: Vec3 = Vec3::new(0.95, 0.0, -1.35);
    pub const TOE_EX: Vec3 = Vec3::new(0.95, 0.35, -0.75);
    pub const HAIR_ROOT: Vec3 = Vec3::new(1.8, 19.9, 0.75);
    pub const HAIR_MID: Vec3 = Vec3::new(2.15, 16.3, 1.25);

    /// The mirror image of a left-side joint.
    pub fn right(left: Vec3) -> Vec3 {
        Vec3::new(-left.x, left.y, left.z)
    }
}

/// One side of the body, for the bones that come in pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    /// "左" or "右".
    pub fn prefix(self) -> &'static str {
        match self {
            Side::Left => "左",
            Side::Right => "右",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// Places a left-side joint on this side.
    pub fn place(self, left: Vec3) -> Vec3 {
        match self {
            Side::Left => left,
            Side::Right => joint::right(left),
        }
    }

    /// +1 on the left (+X), -1 on the right.
    pub fn sign(self) -> f32 {
        match self {
            Side::Left => 1.0,
            Side::Right => -1.0,
        }
    }
}

const VISIBLE: u16 = f::ROTATABLE | f::VISIBLE | f::OPERABLE;
const MOVABLE: u16 = VISIBLE | f::MOVABLE;

/// Builds the bone list; `index_of` resolves names used while building.
pub struct Skeleton {
    pub bones: Vec<Bone>,
}

impl Skeleton {
    /// Index of the bone called `name`. Only names this module creates are ever looked up,
    /// so a miss is a programming error caught by the tests.
    pub fn index(&self, name: &str) -> i32 {
        self.bones
            .iter()
            .position(|b| b.name == name)
            .map_or(-1, |i| i as i32)
    }

    fn add(&mut self, name: &str, name_en: &str, at: Vec3, parent: &str, flags: u16) -> i32 {
        let parent = if parent.is_empty() {
            -1
        } else {
            self.index(parent)
        };
        self.bones.push(Bone {
            name: name.to_owned(),
            name_en: name_en.to_owned(),
            position: at.to_array(),
            parent,
            deform_depth: 0,
            flags,
            tail: BoneTail::Offset([0.0, 0.0, 0.0]),
            append: None,
            fixed_axis: None,
            local_axis: None,
            external_parent_key: None,
            ik: None,
        });
        self.bones.len() as i32 - 1
    }

    fn set_tail(&mut self, bone: i32, tail: &str) {
        let tail = self.index(tail);
        if let Some(b) = self.bones.get_mut(bone as usize) {
            b.tail = BoneTail::Bone(tail);
            b.flags |= f::TAIL_IS_BONE;
        }
    }

    fn set_tail_offset(&mut self, bone: i32, offset: Vec3) {
        if let Some(b) = self.bones.get_mut(bone as usize) {
            b.tail = BoneTail::Offset(offset.to_array());
        }
    }

    /// Makes `bone` copy `weight` times the rotation of `source` (付与).
    fn set_append(&mut self, bone: i32, source: &str, weight: f32) {
        let parent = self.index(source);
        if let Some(b) = self.bones.get_mut(bone as usize) {
            b.append = Some(Append { parent, weight });
            b.flags |= f::APPEND_ROTATE;
        }
    }

    fn set_deform_depth(&mut self, bone: i32, depth: i32) {
        if let Some(b) = self.bones.get_mut(bone as usize) {
            b.deform_depth = depth;
        }
    }

    /// The figure's complete skeleton.
    pub fn build() -> Skeleton {
        let mut s = Skeleton { bones: Vec::new() };
        let root = s.add("全ての親", "master", Vec3::ZERO, "", MOVABLE);
        s.set_tail_offset(root, Vec3::new(0.0, 1.5, 0.0));
        let center = s.add("センター", "center", joint::CENTER, "全ての親", MOVABLE);
        s.set_tail_offset(center, Vec3::new(0.0, -1.5, 0.0));
        let upper = s.add("上半身", "upper body", joint::WAIST, "センター", VISIBLE);
        let neck = s.add("首", "neck", joint::NECK, "上半身", VISIBLE);
        let head = s.add("頭", "head", joint::HEAD, "首", VISIBLE);
        s.set_tail(upper, "首");
        s.set_tail(neck, "頭");
        s.set_tail_offset(head, Vec3::new(0.0, 3.0, 0.0));
        let lower = s.add("下半身", "lower body", joint::WAIST, "センター", VISIBLE);
        s.set_tail_offset(lower, Vec3::new(0.0, -1.8, 0.0));
        for side in Side::BOTH {
            s.add_arm(side);
        }
        for side in Side::BOTH {
            s.add_leg(side);
        }
        for side in Side::BOTH {
            s.add_leg_ik(side);
        }
        for side in Side::BOTH {
            s.add_leg_d_bones(side);
        }
        for side in Side::BOTH {
            s.add_hair(side);
        }
        s
    }

    fn add_arm(&mut self, side: Side) {
        let (p, e) = (side.prefix(), side.english());
        let shoulder_p = self.add(
            &format!("{p}肩P"),
            &format!("shoulder_p_{e}"),
            side.place(joint::SHOULDER),
            "上半身",
            VISIBLE,
        );
        self.set_tail_offset(shoulder_p, Vec3::ZERO);
        let shoulder = self.add(
            &format!("{p}肩"),
            &format!("shoulder_{e}"),
            side.place(joint::SHOULDER),
            &format!("{p}肩P"),
            VISIBLE,
        );
        // The cancel bone sits where the arm starts and undoes the shoulder-P rotation, so
        // raising 肩P lifts the shoulder without swinging the whole arm (as "肩P" rigs do).
        let cancel = self.add(
            &format!("{p}肩C"),
            &format!("shoulder_c_{e}"),
            side.place(joint::ARM),
            &format!("{p}肩"),
            f::ROTATABLE,
        );
        self.set_append(cancel, &format!("{p}肩P"), -1.0);
        let arm = self.add(
            &format!("{p}腕"),
            &format!("arm_{e}"),
            side.place(joint::ARM),
            &format!("{p}肩C"),
            VISIBLE,
        );
        let elbow = self.add(
            &format!("{p}ひじ"),
            &format!("elbow_{e}"),
            side.place(joint::ELBOW),
            &format!("{p}腕"),
            VISIBLE,
        );
        let wrist = self.add(
            &format!("{p}手首"),
            &format!("wrist_{e}"),
            side.place(joint::WRIST),
            &format!("{p}ひじ"),
            VISIBLE,
        );
        self.set_tail(shoulder, &format!("{p}腕"));
        self.set_tail(arm, &format!("{p}ひじ"));
        self.set_tail(elbow, &format!("{p}手首"));
        let hand = (joint::WRIST - joint::ELBOW).normalize() * 1.0;
        self.set_tail_offset(wrist, Vec3::new(hand.x * side.sign(), hand.y, hand.z));
    }

    fn add_leg(&mut self, side: Side) {
        let (p, e) = (side.prefix(), side.english());
        let leg = self.add(
            &format!("{p}足"),
            &format!("leg_{e}"),
            side.place(joint::LEG),
            "下半身",
            VISIBLE,
        );
        let knee = self.add(
            &format!("{p}ひざ"),
            &format!("knee_{e}"),
            side.place(joint::KNEE),
            &format!("{p}足"),
            VISIBLE,
        );
        let ankle = self.add(
            &format!("{p}足首"),
            &format!("ankle_{e}"),
            side.place(joint::ANKLE),
            &format!("{p}ひざ"),
            VISIBLE,
        );
        // The toe IK's effector: invisible, like real models' つま先.
        self.add(
            &format!("{p}つま先"),
            &format!("toe_{e}"),
            side.place(joint::TOE),
            &format!("{p}足首"),
            f::ROTATABLE,
        );
        self.set_tail(leg, &format!("{p}ひざ"));
        self.set_tail(knee, &format!("{p}足首"));
        self.set_tail(ankle, &format!("{p}つま先"));
    }

    fn add_leg_ik(&mut self, side: Side) {
        let (p, e) = (side.prefix(), side.english());
        let leg_ik = self.add(
            &format!("{p}足ＩＫ"),
            &format!("leg IK_{e}"),
            side.place(joint::ANKLE),
            "全ての親",
            MOVABLE | f::IK,
        );
        self.set_tail_offset(leg_ik, Vec3::new(0.0, 0.0, 1.5));
        let knee = self.index(&format!("{p}ひざ"));
        let leg = self.index(&format!("{p}足"));
        let ankle = self.index(&format!("{p}足首"));
        // Knees bend one way only: about X, between -180° and -0.5° (as real models and the
        // PMD convention have it), which also tells the solver which way to fold.
        let knee_limit = AngleLimit {
            min: [-std::f32::consts::PI, 0.0, 0.0],
            max: [-0.5f32.to_radians(), 0.0, 0.0],
        };
        self.bones[leg_ik as usize].ik = Some(Ik {
            target: ankle,
            loop_count: 40,
            limit_angle: 2.0,
            links: vec![
                IkLink {
                    bone: knee,
                    limit: Some(knee_limit),
                },
                IkLink {
                    bone: leg,
                    limit: None,
                },
            ],
        });
        let toe_ik = self.add(
            &format!("{p}つま先ＩＫ"),
            &format!("toe IK_{e}"),
            side.place(joint::TOE),
            &format!("{p}足ＩＫ"),
            MOVABLE | f::IK,
        );
        self.set_tail_offset(toe_ik, Vec3::new(0.0, -1.0, 0.0));
        let toe = self.index(&format!("{p}つま先"));
        self.bones[toe_ik as usize].ik = Some(Ik {
            target: toe,
            loop_count: 3,
            limit_angle: 4.0,
            links: vec![IkLink {
                bone: ankle,
                limit: None,
            }],
        });
    }

    /// D-bones carry the leg mesh and copy the (IK-solved) leg rotations by append; they are
    /// evaluated one deform layer later so the IK has run before they read it.
    fn add_leg_d_bones(&mut self, side: Side) {
        let (p, e) = (side.prefix(), side.english());
        let chain = [
            ("足D", "leg_d", joint::LEG, "下半身", "足"),
            ("ひざD", "knee_d", joint::KNEE, "足D", "ひざ"),
            ("足首D", "ankle_d", joint::ANKLE, "ひざD", "足首"),
        ];
        for (name, english, at, parent, source) in chain {
            let parent = if parent == "下半身" {
                parent.to_owned()
            } else {
                format!("{p}{parent}")
            };
            let bone = self.add(
                &format!("{p}{name}"),
                &format!("{english}_{e}"),
                side.place(at),
                &parent,
                VISIBLE,
            );
            self.set_append(bone, &format!("{p}{source}"), 1.0);
            self.set_deform_depth(bone, 1);
        }
        self.set_tail(self.index(&format!("{p}足D")), &format!("{p}ひざD"));
        self.set_tail(self.index(&format!("{p}ひざD")), &format!("{p}足首D"));
        let toe_ex = self.add(
            &format!("{p}足先EX"),
            &format!("toe_ex_{e}"),
            side.place(joint::TOE_EX),
            &format!("{p}足首D"),
            VISIBLE,
        );
        self.set_deform_depth(toe_ex, 1);
        self.set_tail_offset(toe_ex, Vec3::new(0.0, 0.0, -0.8));
    }

    fn add_hair(&mut self, side: Side) {
        let (p, e) = (side.prefix(), side.english());
        let root = self.add(
            &format!("{p}髪1"),
            &format!("hair1_{e}"),
            side.place(joint::HAIR_ROOT),
            "頭",
            VISIBLE,
        );
        let mid = self.add(
            &format!("{p}髪2"),
            &format!("hair2_{e}"),
            side.place(joint::HAIR_MID),
            &format!("{p}髪1"),
            VISIBLE,
        );
        self.set_tail(root, &format!("{p}髪2"));
        self.set_tail_offset(mid, Vec3::new(0.3 * side.sign(), -4.0, 0.4));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parents_come_first_and_every_reference_resolves() {
        let s = Skeleton::build();
        for (i, bone) in s.bones.iter().enumerate() {
            assert!(bone.parent < i as i32, "{} has a later parent", bone.name);
            if let Some(append) = bone.append {
                assert!(append.parent >= 0, "{}: append source missing", bone.name);
            }
            if let BoneTail::Bone(t) = bone.tail {
                assert!(t >= 0, "{}: tail bone missing", bone.name);
            }
            if let Some(ik) = &bone.ik {
                assert!(ik.target >= 0);
                assert!(ik.links.iter().all(|l| l.bone >= 0));
            }
        }
    }

    #[test]
    fn standard_names_exist() {
        let s = Skeleton::build();
        for name in [
            "センター",
            "上半身",
            "下半身",
            "首",
            "頭",
            "左肩",
            "右肩",
            "左腕",
            "右腕",
            "左ひじ",
            "右ひじ",
            "左手首",
            "右手首",
            "左足",
            "右足",
            "左ひざ",
            "右ひざ",
            "左足首",
            "右足首",
            "左足ＩＫ",
            "右足ＩＫ",
            "左つま先ＩＫ",
            "右つま先ＩＫ",
            "左足D",
            "右足D",
            "左ひざD",
            "右ひざD",
            "左足首D",
            "右足首D",
            "左肩C",
            "右肩C",
        ] {
            assert!(s.index(name) >= 0, "missing {name}");
        }
    }
}
