// MMD's standard shading (after MMD's full.fx) with its self-shadow, the self-shadow map,
// the edge (outline) pass and the planar ground shadow. Colours are computed in the textures' own gamma
// space like MMD; `frame.output.y` asks for a conversion when the target encodes sRGB.
//
// No branch here depends on uniform values alone: material and frame switches are `select`s,
// and the edge's alpha test is decided on the CPU. With such branches, lavapipe from Mesa 22.3
// (Debian 12) kept about 0.8 MB per draw, so rendering grew ~10 MB a frame until the machine
// ran out (Mesa 25 does not); without them it stays flat, and real GPUs lose nothing.

struct Frame {
    view: mat4x4<f32>,
    view_proj: mat4x4<f32>,
    // view_proj × the projection onto the ground plane along the light.
    shadow_view_proj: mat4x4<f32>,
    eye: vec4<f32>,
    // Direction the light travels (normalised).
    light_dir: vec4<f32>,
    light_color: vec4<f32>,
    shadow_color: vec4<f32>,
    // x = edge length in world units per edge-size unit and unit of view depth,
    // y = 1 when the target is sRGB.
    output: vec4<f32>,
    // World → the self-shadow map's clip space.
    light_view_proj: mat4x4<f32>,
    // x = self-shadow mode (0 off, 1, 2), y = shadow map size in texels.
    self_shadow: vec4<f32>,
}

struct Material {
    diffuse: vec4<f32>,
    // rgb, w = specular power
    specular: vec4<f32>,
    ambient: vec4<f32>,
    edge_color: vec4<f32>,
    // x = edge size, y = sphere mode (0 none, 1 multiply, 2 add, 3 sub-texture),
    // z = 1 when the material receives the self-shadow, w = 1 for an accessory's shading
    params: vec4<f32>,
    texture_mul: vec4<f32>,
    texture_add: vec4<f32>,
    sphere_mul: vec4<f32>,
    sphere_add: vec4<f32>,
    toon_mul: vec4<f32>,
    toon_add: vec4<f32>,
}

@group(0) @binding(0) var<uniform> frame: Frame;
@group(1) @binding(0) var<uniform> material: Material;
@group(1) @binding(1) var base_texture: texture_2d<f32>;
@group(1) @binding(2) var sphere_texture: texture_2d<f32>;
@group(1) @binding(3) var toon_texture: texture_2d<f32>;
@group(1) @binding(4) var wrap_sampler: sampler;
@group(1) @binding(5) var clamp_sampler: sampler;
@group(2) @binding(0) var shadow_map: texture_depth_2d;
@group(2) @binding(1) var shadow_sampler: sampler;
// The place (model space to world) of every accessory drawn this frame, written once a frame.
// Its vertices are drawn as uploaded, without a skinning pass, so one that moves costs no
// upload of its own.
@group(3) @binding(0) var<storage, read> places: array<mat4x4<f32>>;

// Every visible material of the accessories drawn this frame, each with its accessory's place.
// Each vertex of an accessory names its material's slot (vertex attribute 3), so that one draw
// spans the materials and accessories that share a pipeline and textures.
struct AccessoryMaterial {
    material: Material,
    // x = the slot of the accessory's place in `places`.
    place: vec4<u32>,
}
@group(3) @binding(1) var<storage, read> accessory_materials: array<AccessoryMaterial>;

// The material a fragment is shaded with: the bound one for a model, the accessory's from the
// table.
var<private> shading_material: Material;

struct VertexIn {
    // xyz, w = edge scale
    @location(0) position: vec4<f32>,
    @location(1) normal: vec4<f32>,
    // xy = uv, zw = additional UV1
    @location(2) uv: vec4<f32>,
}

struct ShadedOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) normal: vec3<f32>,
    @location(1) eye_dir: vec3<f32>,
    @location(2) uv: vec2<f32>,
    @location(3) sub_uv: vec2<f32>,
    @location(4) light_clip: vec4<f32>,
    @location(5) sphere_uv: vec2<f32>,
    // An accessory's slot in `accessory_materials`.
    @location(6) @interpolate(flat) material_slot: u32,
}

fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    let low = c / 12.92;
    let high = pow((c + 0.055) / 1.055, vec3<f32>(2.4));
    return select(high, low, c <= vec3<f32>(0.04045));
}

fn encode(color: vec4<f32>) -> vec4<f32> {
    let converted = vec4<f32>(srgb_to_linear(saturate(color.rgb)), color.a);
    return select(color, converted, frame.output.y > 0.5);
}

fn safe_normalize(v: vec3<f32>) -> vec3<f32> {
    let len = length(v);
    if len > 0.0 {
        return v / len;
    }
    return vec3<f32>(0.0, 1.0, 0.0);
}

// An accessory's vertex of the material in `slot` moved to its accessory's place, as the
// skinning pass moves a vertex held by one bone with weight 1 (the same products, so the same
// pixels).
fn placed(v: VertexIn, slot: u32) -> VertexIn {
    let m = places[accessory_materials[slot].place.x];
    return VertexIn(
        vec4<f32>((m * vec4<f32>(v.position.xyz, 1.0)).xyz, v.position.w),
        vec4<f32>((m * vec4<f32>(v.normal.xyz, 0.0)).xyz, 0.0),
        v.uv,
    );
}

@vertex
fn vs_main(v: VertexIn) -> ShadedOut {
    return shaded_vertex(v);
}

@vertex
fn vs_accessory(v: VertexIn, @location(3) slot: u32) -> ShadedOut {
    var out = shaded_vertex(placed(v, slot));
    out.material_slot = slot;
    return out;
}

fn shaded_vertex(v: VertexIn) -> ShadedOut {
    var out: ShadedOut;
    out.clip = frame.view_proj * vec4<f32>(v.position.xyz, 1.0);
    // Unit length at each vertex, as MMD makes it (the fragment shader relies on it for the
    // toon, `Surface::vertex_light_normal`).
    out.normal = safe_normalize(v.normal.xyz);
    out.eye_dir = frame.eye.xyz - v.position.xyz;
    out.uv = v.uv.xy;
    out.sub_uv = v.uv.zw;
    out.light_clip = frame.light_view_proj * vec4<f32>(v.position.xyz, 1.0);
    // MMD takes the sphere map's coordinate from the view-space normal at each vertex and
    // interpolates it across the face (as MME's full.fx, which reproduces MMD's shading).
    let view_normal = (frame.view * vec4<f32>(safe_normalize(v.normal.xyz), 0.0)).xyz;
    out.sphere_uv = vec2<f32>(view_normal.x * 0.5 + 0.5, view_normal.y * -0.5 + 0.5);
    return out;
}

// MMD's depth test for its self-shadow, per texel: a receiver deeper than the map by more
// than 0.3 / k starts to darken, fully at 1.3 / k (the slack keeps surfaces from shadowing
// themselves). `k` is 1500 in mode 1; in mode 2, 8000 × the map's v, sharper nearer the
// camera, where mode 2 spends its texels.
fn shadow_amount(receiver: f32, stored: vec4<f32>, k: f32) -> vec4<f32> {
    return saturate(max(vec4<f32>(receiver) - stored, vec4<f32>(0.0)) * k - 0.3);
}

// How lit a point is by the self-shadow map (1 lit, 0 in shadow): MMD's test on each texel,
// filtered over four bilinear 2×2 footprints half a texel apart (a 3×3 tent), so shadow
// edges are soft rather than stair-stepped.
fn shadow_coverage(ndc: vec3<f32>, uv: vec2<f32>) -> f32 {
    let size = frame.self_shadow.y;
    let k = select(1500.0, 8000.0 * uv.y, frame.self_shadow.x > 1.5);
    var shadow = 0.0;
    for (var i = 0u; i < 4u; i++) {
        let offset = vec2<f32>(f32(i & 1u), f32(i >> 1u)) - 0.5;
        let texel = uv * size + offset - 0.5;
        let base = floor(texel);
        let f = texel - base;
        // Gathered: x (u0, v1), y (u1, v1), z (u1, v0), w (u0, v0).
        let s = shadow_amount(ndc.z, textureGather(shadow_map, shadow_sampler, (base + 1.0) / size), k);
        shadow += mix(mix(s.w, s.z, f.x), mix(s.x, s.y, f.x), f.y);
    }
    return 1.0 - shadow * 0.25;
}

// MMD's material-morph tint of a sampled colour: lerp(neutral, c × mul + add, mul.a + add.a).
fn tint(c: vec4<f32>, mul: vec4<f32>, add: vec4<f32>, neutral: f32) -> vec3<f32> {
    return mix(vec3<f32>(neutral), c.rgb * mul.rgb + add.rgb, mul.a + add.a);
}

// What both shadings start from at one fragment.
struct Surface {
    // The colour texture, tinted by material morphs.
    texture_color: vec3<f32>,
    // 0 none, 1 multiply, 2 add, 3 sub-texture.
    sphere_mode: u32,
    // The sphere map as it adds and as it multiplies.
    sphere_added: vec3<f32>,
    sphere_multiplied: vec3<f32>,
    // N·L towards the light, the normal made unit length at the fragment.
    light_normal: f32,
    // N·L with the normal interpolated from the vertices' unit normals and not made unit
    // length again, so that it is linear across a triangle: MMD's toon coordinate and the
    // self-shadow's reach on a model (as MME's full.fx, which reproduces MMD's shading,
    // computes them). A toon's band edge is then straight across a smooth face.
    vertex_light_normal: f32,
    // How lit by the self-shadow map (1 outside it).
    map_coverage: f32,
    // The self-shadow is on and the material receives it.
    receives: bool,
    // The fragment lies in the self-shadow map.
    in_map: bool,
}

// `c` with the sphere map applied as the material says.
fn with_sphere(c: vec3<f32>, s: Surface) -> vec3<f32> {
    return select(select(c * s.sphere_multiplied, c + s.sphere_added, s.sphere_mode == 2u), c, s.sphere_mode == 0u);
}

@fragment
fn fs_main(in: ShadedOut) -> @location(0) vec4<f32> {
    shading_material = material;
    return shade(in);
}

@fragment
fn fs_accessory(in: ShadedOut) -> @location(0) vec4<f32> {
    shading_material = accessory_materials[in.material_slot].material;
    return shade(in);
}

fn shade(in: ShadedOut) -> vec4<f32> {
    let normal = safe_normalize(in.normal);
    let to_light = -frame.light_dir.xyz;
    var alpha = shading_material.diffuse.a;

    let tex = textureSample(base_texture, wrap_sampler, in.uv);
    alpha *= tex.a;
    let sphere_mode = u32(shading_material.params.y + 0.5);
    let sphere = textureSample(sphere_texture, clamp_sampler, select(in.sphere_uv, in.sub_uv, sphere_mode == 3u));
    alpha *= select(sphere.a, 1.0, sphere_mode == 0u);

    let ndc = in.light_clip.xyz / in.light_clip.w;
    let shadow_uv = vec2<f32>(ndc.x * 0.5 + 0.5, 0.5 - ndc.y * 0.5);
    let in_map = in.light_clip.w > 0.0 && all(shadow_uv == saturate(shadow_uv));
    let surface = Surface(
        tint(tex, shading_material.texture_mul, shading_material.texture_add, 1.0),
        sphere_mode,
        tint(sphere, shading_material.sphere_mul, shading_material.sphere_add, 0.0),
        tint(sphere, shading_material.sphere_mul, shading_material.sphere_add, 1.0),
        dot(normal, to_light),
        dot(in.normal, to_light),
        select(1.0, shadow_coverage(ndc, shadow_uv), in_map),
        frame.self_shadow.x > 0.5 && shading_material.params.z > 0.5,
        in_map,
    );
    var color = select(model_shading(surface), accessory_shading(surface), shading_material.params.w > 0.5);

    let power = shading_material.specular.w;
    let half_vector = safe_normalize(safe_normalize(in.eye_dir) + to_light);
    let specular = pow(max(0.0, dot(half_vector, normal)), power) * shading_material.specular.rgb * frame.light_color.rgb;
    color += select(vec3<f32>(0.0), specular, power > 0.0);

    // MMD skips fully transparent pixels (alpha test), so they write no depth.
    if alpha < 0.002 {
        discard;
    }
    return encode(vec4<f32>(color, alpha));
}

// A model's material: ambient + diffuse × light, times the texture and the sphere map, then
// the toon ramp by N·L. With the self-shadow, a receiving material goes from its colour to its
// colour × the toon's darkest row by the lesser of the map's coverage and 3·N·L (outside the
// map it keeps its colour unshaded), both as MMD does.
fn model_shading(s: Surface) -> vec3<f32> {
    let lit = saturate(shading_material.diffuse.rgb * frame.light_color.rgb + shading_material.ambient.rgb);
    let color = with_sphere(lit * s.texture_color, s);

    // Level 0 always: the ramp is indexed by N·L, whose screen-space rate of change says
    // nothing about minification (a toon file that doubles as a colour texture has mips).
    let toon = textureSampleLevel(toon_texture, clamp_sampler, vec2<f32>(0.0, 0.5 - s.vertex_light_normal * 0.5), 0.0);
    let toon_shaded = color * tint(toon, shading_material.toon_mul, shading_material.toon_add, 1.0);

    let darkest = textureSampleLevel(toon_texture, clamp_sampler, vec2<f32>(0.0, 1.0), 0.0);
    let shadow_color = color * tint(darkest, shading_material.toon_mul, shading_material.toon_add, 1.0);
    let coverage = min(saturate(s.vertex_light_normal * 3.0), s.map_coverage);
    return select(toon_shaded, select(color, mix(shadow_color, color, coverage), s.in_map), s.receives);
}

// An accessory's material (a `.x` mesh), lit without a toon: its emissive colour (held as the
// ambient) plus diffuse × (light − 0.3) everywhere, and diffuse × N·L towards the light, times
// the texture with its sphere map (nanoem's reading of MMD's accessory lighting). Under the
// self-shadow it goes from that to the unlit part by the map's coverage alone: MME's full.fx
// (MMD's shading as an effect) limits the coverage by N·L only for toon-shaded materials,
// whose lit side the toon would otherwise cut off; here N·L already shades the lit side.
fn accessory_shading(s: Surface) -> vec3<f32> {
    let base = with_sphere(s.texture_color, s);
    let ambient = shading_material.diffuse.rgb * (frame.light_color.rgb - 0.3) + shading_material.ambient.rgb;
    let lit = base * saturate(ambient + shading_material.diffuse.rgb * saturate(s.light_normal));
    let shadowed = base * saturate(ambient);
    return saturate(select(lit, mix(shadowed, lit, s.map_coverage), s.receives && s.in_map));
}

struct CastOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

// The self-shadow map: depth as the light sees it.
@vertex
fn vs_cast(v: VertexIn) -> CastOut {
    return cast_vertex(v);
}

// As in colour, an accessory's vertex names its material, so that the draws of many
// accessories into the map can be one draw (the map keeps the nearest depth whatever the order).
@vertex
fn vs_accessory_cast(v: VertexIn, @location(3) slot: u32) -> CastOut {
    return cast_vertex(placed(v, slot));
}

fn cast_vertex(v: VertexIn) -> CastOut {
    var out: CastOut;
    out.clip = frame.light_view_proj * vec4<f32>(v.position.xyz, 1.0);
    out.uv = v.uv.xy;
    return out;
}

// Transparent texels cast no shadow (lace, hair tips), by the same alpha test as the colour.
@fragment
fn fs_cast(in: CastOut) {
    if material.diffuse.a * textureSample(base_texture, wrap_sampler, in.uv).a < 0.002 {
        discard;
    }
}

struct FlatOut {
    @builtin(position) clip: vec4<f32>,
}

// The outline, as MMD draws it: the back faces pushed outwards in 3D along the vertex
// normal by edge size × the vertex's edge scale, in units that make a silhouette edge a
// constant width in pixels. Pushed in 3D, the hull of a surface facing away from the camera
// lies behind that surface, so it never covers its own model (a plane seen from its back, a
// box seen through its transparent texels).
@vertex
fn vs_edge(v: VertexIn) -> FlatOut {
    let depth = (frame.view_proj * vec4<f32>(v.position.xyz, 1.0)).w;
    let grow = material.params.x * v.position.w * frame.output.x * depth;
    let pushed = v.position.xyz + safe_normalize(v.normal.xyz) * grow;
    var out: FlatOut;
    out.clip = frame.view_proj * vec4<f32>(pushed, 1.0);
    return out;
}

@fragment
fn fs_edge(in: FlatOut) -> @location(0) vec4<f32> {
    // Edges below MMD's alpha threshold are not drawn at all (`MaterialParams::edge_visible`).
    let color = material.edge_color;
    return encode(vec4<f32>(color.rgb, color.a * material.diffuse.a));
}

@vertex
fn vs_shadow(v: VertexIn) -> FlatOut {
    return shadow_vertex(v);
}

// As in colour, each vertex names its material, so that a run of accessories draws its
// ground shadows in one draw.
@vertex
fn vs_accessory_shadow(v: VertexIn, @location(3) slot: u32) -> FlatOut {
    return shadow_vertex(placed(v, slot));
}

fn shadow_vertex(v: VertexIn) -> FlatOut {
    var out: FlatOut;
    out.clip = frame.shadow_view_proj * vec4<f32>(v.position.xyz, 1.0);
    return out;
}

@fragment
fn fs_shadow(in: FlatOut) -> @location(0) vec4<f32> {
    return encode(frame.shadow_color);
}
