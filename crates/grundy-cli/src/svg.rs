//! SVG pictures: a nim-sequence as a scatter plot and a table of values as a coloured grid.

use std::fmt::Write;

/// A colour for value `value` out of `0..=largest`: 0 (a P-position) is white, larger values run
/// through hues so that neighbours differ.
fn colour(value: u32) -> String {
    if value == 0 {
        return "#ffffff".to_string();
    }
    let hue = (u64::from(value) * 137) % 360;
    format!("hsl({hue}, 65%, 60%)")
}

/// A plot of `values[n]` against `n`. Long sequences are drawn one pixel column per group of
/// heaps, with a dot for each value that occurs in the group.
pub fn sequence_plot(title: &str, values: &[u32]) -> String {
    let width = 1000usize;
    let height = 400usize;
    let margin = 40usize;
    let largest = values.iter().copied().max().unwrap_or(0).max(1) as usize;
    let columns = values.len().clamp(1, width);
    let per_column = values.len().div_ceil(columns).max(1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="12">"#,
        width + 2 * margin,
        height + 2 * margin
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{margin}" y="20">{}</text>"#, escape(title));
    let _ = writeln!(
        out,
        r#"<line x1="{margin}" y1="{y}" x2="{x}" y2="{y}" stroke="black"/><line x1="{margin}" y1="{margin}" x2="{margin}" y2="{y}" stroke="black"/>"#,
        y = margin + height,
        x = margin + width
    );
    let _ = writeln!(
        out,
        r#"<text x="{margin}" y="{}">0</text><text x="{}" y="{}" text-anchor="end">n = {}</text><text x="5" y="{}">{largest}</text>"#,
        margin + height + 15,
        margin + width,
        margin + height + 15,
        values.len().saturating_sub(1),
        margin + 5
    );
    let mut seen = vec![false; largest + 1];
    for (column, chunk) in values.chunks(per_column).enumerate() {
        seen.iter_mut().for_each(|s| *s = false);
        for &value in chunk {
            seen[value as usize] = true;
        }
        let x = margin + column * width / columns;
        for (value, _) in seen.iter().enumerate().filter(|(_, &s)| s) {
            let y = margin + height - value * height / largest;
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{}" width="2" height="2" fill="steelblue"/>"#,
                y.saturating_sub(1)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A grid of values: row `i` is `row_labels[i]`, drawn with `n` across and `m` up, as in seed
/// 001's tables, each cell coloured by its value and labelled with it.
pub fn value_grid(
    title: &str,
    row_labels: &[usize],
    col_labels: &[usize],
    values: &[Vec<u32>],
) -> String {
    let cell = 28usize;
    let margin = 40usize;
    let width = col_labels.len() * cell + 2 * margin;
    let height = row_labels.len() * cell + 2 * margin;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{margin}" y="20">{}</text>"#, escape(title));
    for (i, row) in values.iter().enumerate() {
        // Row 0 at the bottom, like the seed's table.
        let y = margin + (row_labels.len() - 1 - i) * cell;
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            margin - 4,
            y + cell / 2 + 4,
            row_labels[i]
        );
        for (j, &value) in row.iter().enumerate() {
            let x = margin + j * cell;
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}" stroke="gray"/><text x="{}" y="{}" text-anchor="middle">{value}</text>"#,
                colour(value),
                x + cell / 2,
                y + cell / 2 + 4
            );
        }
    }
    for (j, label) in col_labels.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{label}</text>"#,
            margin + j * cell + cell / 2,
            margin + row_labels.len() * cell + 14
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
