//! A table of values as a coloured grid: labelled cells for small tables, a heat map for large
//! ones.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{colour, escape};
use crate::report::TableReport;
use crate::request::TableGame;

/// The most cells [`value_grid`] draws with their values written in them; larger grids are
/// drawn as heat maps.
const MOST_LABELLED_CELLS: usize = 40 * 40;

/// The most cells [`value_grid`] draws at all (a heat map of 200 x 200 is about 1 MB).
pub const MAX_GRID_CELLS: usize = 200 * 200;

/// The fill of a cell whose value is not known (a stopped table's unfinished cells): a grey
/// that none of the values' colours is, and in particular not the white of 0.
const UNKNOWN_FILL: &str = "#d4d4d4";

/// The most values the legend lists one by one; past it the legend gives the range.
const MOST_LEGEND_ENTRIES: usize = 24;

/// A grid of values: row `i` is `row_labels[i]`, drawn from the top down as the text tables,
/// the reports' `nimbers` and the Python package's DataFrames list them, `n` across, each cell
/// coloured by its value, with a legend of the colours on the right; a cell whose value is
/// `None` (not finished) is grey and marked `?`. Up to 40 x 40 cells each is labelled with its
/// value; larger grids are heat maps, one path per value, with cells shrunk to keep the
/// picture about a thousand pixels wide. Values beyond the labels are left out. The picture is
/// at least as wide as its title.
///
/// `None` when the grid has more than [`MAX_GRID_CELLS`] cells: the picture would be many
/// megabytes.
#[must_use]
pub fn value_grid(
    title: &str,
    row_labels: &[usize],
    col_labels: &[usize],
    values: &[Vec<Option<u32>>],
) -> Option<String> {
    let cells = row_labels
        .len()
        .checked_mul(col_labels.len())
        .filter(|&cells| cells <= MAX_GRID_CELLS)?;
    let labelled = cells <= MOST_LABELLED_CELLS;
    let longest_side = row_labels.len().max(col_labels.len()).max(1);
    let cell = if labelled {
        28
    } else {
        (1000 / longest_side).clamp(2, 28)
    };
    let margin = 40usize;
    // The cells drawn: those with a row and a column label.
    let grid: Vec<(usize, usize, Option<u32>)> = values
        .iter()
        .take(row_labels.len())
        .enumerate()
        .flat_map(|(i, row)| {
            row.iter()
                .take(col_labels.len())
                .enumerate()
                .map(move |(j, &value)| (i, j, value))
        })
        .collect();
    let mut shown: Vec<Option<u32>> = grid.iter().map(|&(_, _, value)| value).collect();
    shown.sort_unstable();
    shown.dedup();
    let legend = legend_entries(&shown);
    let legend_x = margin + col_labels.len() * cell + 24;
    let legend_width = 24 + 8 * legend.iter().map(|(_, text)| text.len()).max().unwrap_or(0);
    // About 7 pixels a character of the title.
    let width = (legend_x + legend_width).max(margin + 7 * title.chars().count() + 8);
    let height = (row_labels.len() * cell).max(18 * legend.len()) + 2 * margin;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{margin}" y="20">{}</text>"#, escape(title));
    let y_of = |i: usize| margin + i * cell;
    // Labels on every row and column when there is room, else on about twenty of each.
    let label_step = |count: usize| {
        if labelled {
            1
        } else {
            count.div_ceil(20).max(1)
        }
    };
    for (i, label) in row_labels
        .iter()
        .enumerate()
        .step_by(label_step(row_labels.len()))
    {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{label}</text>"#,
            margin - 4,
            y_of(i) + cell / 2 + 4
        );
    }
    let fill = |value: Option<u32>| value.map_or_else(|| UNKNOWN_FILL.to_string(), colour);
    if labelled {
        for &(i, j, value) in &grid {
            let (x, y) = (margin + j * cell, y_of(i));
            let text = value.map_or_else(|| "?".to_string(), |value| value.to_string());
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}" stroke="gray"/><text x="{}" y="{}" text-anchor="middle">{text}</text>"#,
                fill(value),
                x + cell / 2,
                y + cell / 2 + 4
            );
        }
    } else {
        let mut paths: BTreeMap<Option<u32>, String> = BTreeMap::new();
        for &(i, j, value) in &grid {
            let (x, y) = (margin + j * cell, y_of(i));
            let _ = write!(
                paths.entry(value).or_default(),
                "M{x} {y}h{cell}v{cell}h-{cell}z"
            );
        }
        for (value, path) in paths {
            let _ = writeln!(out, r#"<path d="{path}" fill="{}"/>"#, fill(value));
        }
        let _ = writeln!(
            out,
            r#"<rect x="{margin}" y="{margin}" width="{}" height="{}" fill="none" stroke="gray"/>"#,
            col_labels.len() * cell,
            row_labels.len() * cell
        );
    }
    for (j, label) in col_labels
        .iter()
        .enumerate()
        .step_by(label_step(col_labels.len()))
    {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{label}</text>"#,
            margin + j * cell + cell / 2,
            margin + row_labels.len() * cell + 14
        );
    }
    for (k, (value, text)) in legend.iter().enumerate() {
        let y = margin + 18 * k;
        let _ = writeln!(
            out,
            r##"<rect x="{legend_x}" y="{y}" width="14" height="14" fill="{}" stroke="#999"/><text x="{}" y="{}">{}</text>"##,
            value.map_or_else(|| "none".to_string(), fill),
            legend_x + 20,
            y + 11,
            escape(text)
        );
    }
    out.push_str("</svg>\n");
    Some(out)
}

/// The legend of the values `shown` (sorted, each once): each value with its colour, up to
/// [`MOST_LEGEND_ENTRIES`]; past that the first and last values and a line saying how many
/// lie between. `?` for unfinished cells.
fn legend_entries(shown: &[Option<u32>]) -> Vec<(Option<Option<u32>>, String)> {
    let text = |value: Option<u32>| match value {
        Some(0) => "0".to_string(),
        Some(value) => format!("*{value}"),
        None => "? not finished".to_string(),
    };
    if shown.len() <= MOST_LEGEND_ENTRIES {
        return shown
            .iter()
            .map(|&value| (Some(value), text(value)))
            .collect();
    }
    let half = MOST_LEGEND_ENTRIES / 2;
    let mut entries: Vec<(Option<Option<u32>>, String)> = shown[..half]
        .iter()
        .map(|&value| (Some(value), text(value)))
        .collect();
    entries.push((None, format!("... {} more", shown.len() - 2 * half)));
    entries.extend(
        shown[shown.len() - half..]
            .iter()
            .map(|&value| (Some(value), text(value))),
    );
    entries
}

/// The grid of a table's report, `game` being the table's game: what each cell holds (a corner
/// game's values `g(m, n)`, or the empty boards' values) by row and column, unfinished cells
/// marked `?`. `None` past [`MAX_GRID_CELLS`] cells, and for a table under misère play, whose
/// cells have outcomes but no nim-values to draw (`grundy table --misere --svg` is refused).
#[must_use]
pub fn table(game: &TableGame, report: &TableReport) -> Option<String> {
    if report
        .convention
        .is_some_and(|convention| convention.is_misere())
    {
        return None;
    }
    let title = format!("{game}: {}, m down, n across", game.cell_value());
    value_grid(&title, &report.rows, &report.cols, &report.nimbers)
}

#[cfg(test)]
mod tests {
    use super::super::tests::well_formed_elements;
    use super::*;

    #[test]
    fn large_grids_are_heat_maps_without_text() {
        let labels: Vec<usize> = (0..200).collect();
        let values: Vec<Vec<Option<u32>>> = labels
            .iter()
            .map(|&m| labels.iter().map(|&n| Some((m ^ n) as u32)).collect())
            .collect();
        let svg = value_grid("heat", &labels, &labels, &values).unwrap();
        well_formed_elements(&svg).unwrap();
        assert!(svg.len() < 1_500_000, "{} bytes", svg.len());
        // About twenty labels a side, the title and a legend of 25 lines.
        assert!(svg.matches("<text").count() < 80);
        assert!(svg.contains(">... 232 more</text>"), "{svg}");
        let small = vec![vec![Some(0), Some(1), Some(2)]; 3];
        let small = value_grid("small", &labels[..3], &labels[..3], &small).unwrap();
        assert!(small.contains(">2</text>"));
    }

    #[test]
    fn unknown_cells_are_grey_and_marked_in_both_kinds_of_grid() {
        let labels: Vec<usize> = (0..3).collect();
        let values = vec![vec![Some(0), None, Some(2)]; 3];
        let svg = value_grid("stopped", &labels, &labels, &values).unwrap();
        assert_eq!(svg.matches(">?</text>").count(), 3);
        // Three cells and the legend's line.
        assert_eq!(svg.matches(UNKNOWN_FILL).count(), 4);
        assert!(svg.contains(">? not finished</text>"));
        // A 0 is white, not grey.
        assert_eq!(svg.matches(r##"fill="#ffffff""##).count(), 4);
        let labels: Vec<usize> = (0..100).collect();
        let values = vec![vec![None; 100]; 100];
        let heat = value_grid("stopped at once", &labels, &labels, &values).unwrap();
        well_formed_elements(&heat).unwrap();
        assert_eq!(heat.matches("<path").count(), 1);
        assert!(heat.contains(&format!(r#"fill="{UNKNOWN_FILL}""#)));
    }

    /// Row 1 is drawn on top, as the text and the reports list it; the title is not cut; the
    /// legend names each value.
    #[test]
    fn rows_go_down_the_title_fits_and_the_legend_names_the_values() {
        let labels: Vec<usize> = (1..=3).collect();
        let values = vec![
            vec![Some(1), Some(0), Some(1)],
            vec![Some(0), Some(0), Some(0)],
            vec![Some(1), Some(0), Some(4)],
        ];
        let title = "knights: nim-value of the empty m x n board, m down, n across";
        let svg = value_grid(title, &labels, &labels, &values).unwrap();
        well_formed_elements(&svg).unwrap();
        let y_of_label = |label: &str| {
            let at = svg
                .find(&format!(r#"text-anchor="end">{label}</text>"#))
                .unwrap();
            let y_at = svg[..at].rfind("y=\"").unwrap() + 3;
            svg[y_at..]
                .split('"')
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        };
        assert!(y_of_label("1") < y_of_label("3"));
        let width: usize = svg
            .split("width=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(width >= 40 + 7 * title.len(), "{width}");
        for entry in [">0</text>", ">*1</text>", ">*4</text>"] {
            assert!(svg.contains(entry), "{entry}");
        }
    }

    #[test]
    fn grids_past_the_bound_are_refused_and_short_rows_drawn() {
        let labels: Vec<usize> = (0..201).collect();
        assert_eq!(value_grid("big", &labels, &labels[..200], &[]), None);
        assert!(value_grid("edge", &labels[..200], &labels[..200], &[]).is_some());
        // Fewer values than labels draw fewer cells; more are left out.
        let values = vec![vec![Some(1); 5]; 5];
        let svg = value_grid("ragged", &labels[..2], &labels[..3], &values).unwrap();
        assert_eq!(svg.matches(r#"stroke="gray""#).count(), 2 * 3);
        let svg = value_grid("none", &[], &[], &values).unwrap();
        well_formed_elements(&svg).unwrap();
    }
}
