// GPU skinning: one invocation per vertex. Applies the frame's vertex and UV morph deltas to
// the rest vertex, then skins it (BDEF1/2/4 linear blend, SDEF, QDEF dual quaternions) and
// writes the vertex buffer that every render pass of the frame reads.

struct SourceVertex {
    position: vec3<f32>,
    edge_scale: f32,
    normal: vec3<f32>,
    // 0 = linear blend of up to four bones (BDEF1/2/4), 1 = SDEF, 2 = QDEF.
    kind: u32,
    uv: vec2<f32>,
    sdef_index: u32,
    _pad: u32,
    add_uv1: vec4<f32>,
    bones: vec4<u32>,
    weights: vec4<f32>,
}

// SDEF centre C and the corrected midpoints (C + R0') / 2 and (C + R1') / 2.
struct SdefParams {
    c: vec4<f32>,
    cr0: vec4<f32>,
    cr1: vec4<f32>,
}

// Matches the render pipelines' vertex layout: position + edge scale, normal, uv + add UV1.
struct SkinnedVertex {
    position: vec4<f32>,
    normal: vec4<f32>,
    uv: vec4<f32>,
}

@group(0) @binding(0) var<storage, read> source: array<SourceVertex>;
@group(0) @binding(1) var<storage, read> sdef: array<SdefParams>;
// One matrix per bone, then the identity (what invalid bone indices name).
@group(0) @binding(2) var<storage, read> skinning: array<mat4x4<f32>>;
// Rotation of each skinning matrix as a quaternion (x, y, z, w), for SDEF and QDEF.
@group(0) @binding(3) var<storage, read> rotations: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read> position_deltas: array<vec4<f32>>;
// xy: main UV delta, zw: additional UV1 delta.
@group(0) @binding(5) var<storage, read> uv_deltas: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> skinned: array<SkinnedVertex>;

const WORKGROUP: u32 = 64u;

fn quat_mul(a: vec4<f32>, b: vec4<f32>) -> vec4<f32> {
    return vec4<f32>(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

fn quat_rotate(q: vec4<f32>, v: vec3<f32>) -> vec3<f32> {
    let t = 2.0 * cross(q.xyz, v);
    return v + q.w * t + cross(q.xyz, t);
}

// acos as glam computes it for Quat::slerp in the CPU reference (DirectXMath's 7th-degree
// minimax). The GPU's own acos rounds differently, and an SDEF weight below 0 or above 1
// extrapolates the slerp, magnifying that difference to ~1e-3 units in the skinned vertex.
fn acos_approx(v: f32) -> f32 {
    let x = abs(v);
    let root = sqrt(max(1.0 - x, 0.0));
    var r = ((((((-0.0012624911 * x + 0.00667009) * x - 0.017088126) * x + 0.03089188) * x
        - 0.050174303) * x + 0.08897899) * x - 0.2145988) * x + 1.5707963;
    r *= root;
    if v >= 0.0 {
        return r;
    }
    return 3.14159265 - r;
}

// Spherical interpolation from a to b along the shorter arc (as glam's Quat::slerp).
fn quat_slerp(a: vec4<f32>, b_in: vec4<f32>, s: f32) -> vec4<f32> {
    var b = b_in;
    var d = dot(a, b);
    if d < 0.0 {
        b = -b;
        d = -d;
    }
    if d > 0.99999988 {
        return normalize(mix(a, b, s));
    }
    let theta = acos_approx(d);
    return (a * sin(theta * (1.0 - s)) + b * sin(theta * s)) / sin(theta);
}

@compute @workgroup_size(64)
fn skin(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let index = gid.x + gid.y * groups.x * WORKGROUP;
    if index >= arrayLength(&skinned) {
        return;
    }
    let v = source[index];
    let rest = v.position + position_deltas[index].xyz;
    let uv_delta = uv_deltas[index];
    var position: vec3<f32>;
    var normal: vec3<f32>;
    if v.kind == 1u {
        let w0 = v.weights.x;
        let w1 = v.weights.y;
        let p = sdef[v.sdef_index];
        let m0 = skinning[v.bones.x];
        let m1 = skinning[v.bones.y];
        let q = quat_slerp(rotations[v.bones.y], rotations[v.bones.x], w0);
        position = quat_rotate(q, rest - p.c.xyz)
            + (m0 * vec4<f32>(p.cr0.xyz, 1.0)).xyz * w0
            + (m1 * vec4<f32>(p.cr1.xyz, 1.0)).xyz * w1;
        normal = quat_rotate(q, v.normal);
    } else if v.kind == 2u {
        var real = vec4<f32>(0.0);
        var dual = vec4<f32>(0.0);
        // Signs are aligned with the first bone that has a weight.
        var pivot = vec4<f32>(0.0);
        var have_pivot = false;
        for (var i = 0u; i < 4u; i++) {
            var w = v.weights[i];
            if w == 0.0 {
                continue;
            }
            let bone = v.bones[i];
            let r = rotations[bone];
            let t = skinning[bone][3].xyz;
            if !have_pivot {
                pivot = r;
                have_pivot = true;
            } else if dot(r, pivot) < 0.0 {
                w = -w;
            }
            real += r * w;
            dual += quat_mul(vec4<f32>(t, 0.0), r) * (0.5 * w);
        }
        let len = length(real);
        if len > 1.0e-8 {
            real /= len;
            dual /= len;
        } else {
            real = vec4<f32>(0.0, 0.0, 0.0, 1.0);
            dual = vec4<f32>(0.0);
        }
        let translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
        position = quat_rotate(real, rest) + translation;
        normal = quat_rotate(real, v.normal);
    } else {
        var m = mat4x4<f32>(vec4<f32>(0.0), vec4<f32>(0.0), vec4<f32>(0.0), vec4<f32>(0.0));
        for (var i = 0u; i < 4u; i++) {
            let w = v.weights[i];
            if w != 0.0 {
                m += skinning[v.bones[i]] * w;
            }
        }
        position = (m * vec4<f32>(rest, 1.0)).xyz;
        normal = (m * vec4<f32>(v.normal, 0.0)).xyz;
    }
    skinned[index] = SkinnedVertex(
        vec4<f32>(position, v.edge_scale),
        vec4<f32>(normal, 0.0),
        vec4<f32>(v.uv + uv_delta.xy, v.add_uv1.xy + uv_delta.zw),
    );
}
