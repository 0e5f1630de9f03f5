#![allow(clippy::unwrap_used)]
use glam::{Vec2, Vec3, Mat3};
fn main() {
    let model = mmd_assets::figure::build();
    println!("verts {} faces {}", model.vertices.len(), model.faces.len());
    let args: Vec<String> = std::env::args().collect();
    let yaw: f32 = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(0.0);
    let zoom: f32 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(1.0);
    let cy: f32 = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(10.5);
    let (w, h) = (600usize, 800usize);
    let mut img = image::RgbImage::from_pixel(w as u32, h as u32, image::Rgb([60, 70, 90]));
    let mut z = vec![f32::INFINITY; w * h];
    let rot = Mat3::from_rotation_y(yaw.to_radians());
    let scale = 35.0 * zoom;
    let light = Vec3::new(-0.5, 0.8, -0.6).normalize();
    let tex: Vec<(String, fn(Vec2)->Vec3)> = mmd_assets::textures::ALL.iter().map(|t| (t.path.replace('/', "\\"), t.paint)).collect();
    let mut start = 0usize;
    for m in &model.materials {
        let count = m.index_count as usize / 3;
        let paint = if m.texture >= 0 { tex.iter().find(|t| t.0 == model.textures[m.texture as usize]).map(|t| t.1) } else { None };
        for f in &model.faces[start..start + count] {
            let vs: Vec<_> = f.iter().map(|&i| &model.vertices[i as usize]).collect();
            let p: Vec<Vec3> = vs.iter().map(|v| rot * Vec3::from_array(v.position)).collect();
            let s: Vec<Vec2> = p.iter().map(|q| Vec2::new(w as f32 / 2.0 + q.x * scale, h as f32 / 2.0 - (q.y - cy) * scale)).collect();
            let cross = (p[1]-p[0]).cross(p[2]-p[0]);
            // camera looks +Z; front faces have normal toward -Z
            if cross.z > 0.0 && m.flags & 1 == 0 { continue; }
            let minx = s.iter().map(|a| a.x).fold(f32::MAX, f32::min).max(0.0) as usize;
            let maxx = (s.iter().map(|a| a.x).fold(f32::MIN, f32::max) as usize).min(w - 1);
            let miny = s.iter().map(|a| a.y).fold(f32::MAX, f32::min).max(0.0) as usize;
            let maxy = (s.iter().map(|a| a.y).fold(f32::MIN, f32::max) as usize).min(h - 1);
            let area = (s[1]-s[0]).perp_dot(s[2]-s[0]);
            if area.abs() < 1e-9 { continue; }
            for y in miny..=maxy { for x in minx..=maxx {
                let pt = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let b0 = (s[1]-pt).perp_dot(s[2]-pt) / area;
                let b1 = (s[2]-pt).perp_dot(s[0]-pt) / area;
                let b2 = 1.0 - b0 - b1;
                if b0 < 0.0 || b1 < 0.0 || b2 < 0.0 { continue; }
                let depth = b0*p[0].z + b1*p[1].z + b2*p[2].z;
                if depth >= z[y*w+x] { continue; }
                z[y*w+x] = depth;
                let n = (rot * (Vec3::from_array(vs[0].normal)*b0 + Vec3::from_array(vs[1].normal)*b1 + Vec3::from_array(vs[2].normal)*b2)).normalize();
                let uv = Vec2::from_array(vs[0].uv)*b0 + Vec2::from_array(vs[1].uv)*b1 + Vec2::from_array(vs[2].uv)*b2;
                let base = Vec3::new(m.diffuse[0], m.diffuse[1], m.diffuse[2]) * paint.map(|p| p(uv)).unwrap_or(Vec3::ONE);
                let lit = if n.dot(light) > 0.0 { 1.0 } else { 0.75 };
                let c = base * lit * 255.0;
                img.put_pixel(x as u32, y as u32, image::Rgb([c.x as u8, c.y as u8, c.z as u8]));
            }}
        }
        start += count;
    }
    img.save(args.get(4).map(|s| s.as_str()).unwrap_or("/tmp/preview.png")).unwrap();
}
