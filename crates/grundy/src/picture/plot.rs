//! A nim-sequence as a scatter plot of `g(n)` against `n`, its period shaded.

use std::fmt::Write;

use super::escape;
use crate::request::SequenceAnswer;

/// What a plot marks about a sequence's period: `g(n + period) = g(n)` for every
/// `n ≥ preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodMark {
    /// The period.
    pub(crate) period: usize,
    /// Where the periodic part starts.
    pub(crate) preperiod: usize,
}

/// The most heaps [`super::of_answer`] plots. The picture stays a few hundred KB at any
/// length, but every value is read to draw it: past this many heaps that takes seconds, and a
/// proven period lets a sequence run to heaps far beyond what can be read one by one.
pub const MAX_PLOTTED_HEAPS: usize = 100_000_000;

/// The plot's width and height in pixels, inside the margins.
const PLOT_WIDTH: usize = 1000;
const PLOT_HEIGHT: usize = 400;

/// A column whose values fall into more separate runs of pixel rows than this is drawn as one
/// bar from its least to its largest value: it keeps the file a few hundred KB at any length.
const MOST_RUNS_PER_COLUMN: usize = 20;

/// A plot of `values[n]` against `n`, one pixel column per group of heaps (every heap in
/// exactly one column, so the data spans the whole axis), with a mark for each pixel row that a
/// value of the group falls on. Zeros (the P-positions) are drawn in red on their own row just
/// above the axis; a column with too many separate values is drawn as a pale bar from its
/// least to its largest. The periodic part, when known, is shaded and labelled.
#[must_use]
pub fn sequence_plot(title: &str, values: &[u32], period: Option<PeriodMark>) -> String {
    plot(title, values.len(), |heap| values[heap], period)
}

/// The plot of `answer`'s values of heaps `0..finished`, as [`sequence_plot`] draws them, its
/// proven period marked, under `title` (for example [`SequenceAnswer::heading`]). The values
/// past those computed are read from the period as they are drawn, not listed first: the time
/// grows with the heaps, the memory does not.
#[must_use]
pub fn sequence(answer: &SequenceAnswer, title: &str) -> String {
    let mark = answer.periodicity().map(|found| PeriodMark {
        period: found.period,
        preperiod: found.preperiod,
    });
    plot(title, answer.finished, |heap| answer.value(heap), mark)
}

/// [`sequence_plot`] of the `heaps` values `value(0)`, `value(1)`, ...
fn plot(
    title: &str,
    heaps: usize,
    value: impl Fn(usize) -> u32,
    period: Option<PeriodMark>,
) -> String {
    let (left, top, bottom) = (60usize, 40usize, 50usize);
    let width = PLOT_WIDTH;
    let height = PLOT_HEIGHT;
    let length = heaps;
    let heaps = length.max(1);
    let columns = length.clamp(1, width);
    let largest = (0..length).map(&value).max().unwrap_or(0).max(1) as usize;
    // Value v sits on pixel row `row(v)` counted up from the bottom of the plot; 0 has the
    // lowest row to itself, 4 pixels above the axis so that the axis line never hides it.
    let rows = height - 4;
    let row = |value: u32| match value as usize {
        0 => 0,
        value => 3 + (value - 1) * (rows - 4) / (largest - 1).max(1),
    };
    let y_of_row = |r: usize| top + height - 4 - r;
    // Where heap n is drawn: column c holds the heaps from ⌈c·len/columns⌉ on.
    let x_of_heap = |n: usize| left + n * width / heaps;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="12">"#,
        width + left + 20,
        height + top + bottom
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{left}" y="20">{}</text>"#, escape(title));
    if let Some(mark) = period {
        if mark.preperiod < length {
            let x = x_of_heap(mark.preperiod);
            let _ = writeln!(
                out,
                r##"<rect x="{x}" y="{top}" width="{}" height="{height}" fill="#fff3c4"/><line x1="{x}" y1="{top}" x2="{x}" y2="{}" stroke="#b08800" stroke-dasharray="4 3"/><text x="{}" y="{}" fill="#805f00">period {} from n = {}</text>"##,
                left + width - x,
                top + height,
                (x + 4).min(left + width - 200),
                top + 14,
                mark.period,
                mark.preperiod
            );
        } else {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" text-anchor="end" fill="#805f00">period {} from n = {} (past this plot)</text>"##,
                left + width,
                top - 6,
                mark.period,
                mark.preperiod
            );
        }
    }
    // Axes, with ticks at round heap numbers.
    let axis_y = top + height;
    let _ = writeln!(
        out,
        r#"<line x1="{left}" y1="{axis_y}" x2="{}" y2="{axis_y}" stroke="black"/><line x1="{left}" y1="{top}" x2="{left}" y2="{axis_y}" stroke="black"/>"#,
        left + width
    );
    let last = length.saturating_sub(1);
    let step = tick_step(last.max(1));
    let mut tick = 0;
    while tick <= last {
        let x = x_of_heap(tick);
        let _ = writeln!(
            out,
            r#"<line x1="{x}" y1="{axis_y}" x2="{x}" y2="{}" stroke="black"/><text x="{x}" y="{}" text-anchor="middle">{tick}</text>"#,
            axis_y + 4,
            axis_y + 16
        );
        tick += step;
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">heap n (last {last})</text>"#,
        left + width,
        axis_y + 34
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">{largest}</text><text x="{}" y="{}" text-anchor="end">0</text><text x="{}" y="{}" text-anchor="end">g(n)</text>"#,
        left - 4,
        y_of_row(row(largest as u32)) + 4,
        left - 4,
        y_of_row(0) + 4,
        left - 4,
        top + height / 2
    );
    // One path per kind of mark, each a list of short vertical strokes `M x y v h`.
    let mut marks = String::new();
    let mut bars = String::new();
    let mut zeros = String::new();
    let mut occupied = vec![false; rows];
    let mut start = 0;
    for column in 0..columns {
        let end = ((column + 1) * length).div_ceil(columns).min(length);
        let group = start..end.max(start);
        start = end.max(start);
        if group.is_empty() {
            continue;
        }
        let x = left + column * width / columns;
        occupied.iter_mut().for_each(|o| *o = false);
        let mut has_zero = false;
        for heap in group {
            match value(heap) {
                0 => has_zero = true,
                value => occupied[row(value)] = true,
            }
        }
        if has_zero {
            let _ = write!(zeros, "M{x} {}v2", y_of_row(0) - 1);
        }
        let mut runs = Vec::new();
        let mut r = 0;
        while r < rows {
            if occupied[r] {
                let from = r;
                while r < rows && occupied[r] {
                    r += 1;
                }
                runs.push((from, r - 1));
            }
            r += 1;
        }
        if runs.len() > MOST_RUNS_PER_COLUMN {
            let (low, high) = (runs[0].0, runs[runs.len() - 1].1);
            let _ = write!(bars, "M{x} {}v{}", y_of_row(high) - 1, high - low + 2);
        } else {
            for (low, high) in runs {
                let _ = write!(marks, "M{x} {}v{}", y_of_row(high) - 1, high - low + 2);
            }
        }
    }
    for (path, colour) in [
        (&bars, "#9ab8d6"),
        (&marks, "steelblue"),
        (&zeros, "crimson"),
    ] {
        if !path.is_empty() {
            let _ = writeln!(
                out,
                r#"<path d="{path}" stroke="{colour}" stroke-width="{}" fill="none"/>"#,
                (width / columns).clamp(1, 3)
            );
        }
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="11" fill="crimson">red: g(n) = 0</text>"#,
        left + 4,
        axis_y + 34
    );
    out.push_str("</svg>\n");
    out
}

/// A round step (1, 2 or 5 times a power of ten) giving at most ten ticks up to `last`.
fn tick_step(last: usize) -> usize {
    let mut step = 1;
    loop {
        for factor in [1, 2, 5] {
            if last / (step * factor) <= 10 {
                return step * factor;
            }
        }
        step *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::well_formed_elements;
    use super::*;

    /// The strokes `M x y v h` of the path drawn in `colour`.
    fn strokes(svg: &str, colour: &str) -> Vec<(usize, usize)> {
        let Some(path) = svg.lines().find(|line| {
            line.starts_with("<path") && line.contains(&format!("stroke=\"{colour}\""))
        }) else {
            return Vec::new();
        };
        let data = path.split('"').nth(1).unwrap();
        data.split('M')
            .filter(|stroke| !stroke.is_empty())
            .map(|stroke| {
                let (x, rest) = stroke.split_once(' ').unwrap();
                let (y, _) = rest.split_once('v').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn a_sequence_plot_spans_the_axis_and_shows_zeros_and_the_period() {
        for length in [7, 999, 1000, 1001, 1999, 2500, 1_000_000] {
            let values: Vec<u32> = (0..length as u32).map(|n| n % 5).collect();
            let mark = PeriodMark {
                period: 5,
                preperiod: length / 3,
            };
            let svg = sequence_plot("t", &values, Some(mark));
            well_formed_elements(&svg).unwrap();
            let marks = strokes(&svg, "steelblue");
            let zeros = strokes(&svg, "crimson");
            let rightmost = marks.iter().map(|&(x, _)| x).max().unwrap();
            // The last heaps (one of the last two is not 0) are drawn at the right end of the
            // axis, which runs from 60 to 1060, not halfway.
            assert!(
                rightmost >= 60 + 1000 * (length - 2) / length,
                "{length}: {rightmost}"
            );
            // Every fifth heap is 0: each column with one has a red mark below the others,
            // above the axis at y = 440.
            assert!(zeros.len() >= length.min(1000) / 5, "{length}");
            let lowest_other = marks.iter().map(|&(_, y)| y).max().unwrap();
            assert!(zeros.iter().all(|&(_, y)| y > lowest_other && y + 2 < 440));
            assert!(svg.contains(&format!("period 5 from n = {}", length / 3)));
            assert!(svg.contains(&format!(">{}</text>", tick_step(length - 1))) || length < 10);
        }
    }

    #[test]
    fn a_sequence_plot_stays_small_whatever_the_values() {
        // Values chosen so that columns hold many separate values.
        let values: Vec<u32> = (0..2_000_000u32).map(|n| (n * 7919) % 997).collect();
        let svg = sequence_plot("noise", &values, None);
        assert!(svg.len() < 400_000, "{} bytes", svg.len());
        well_formed_elements(&svg).unwrap();
    }

    #[test]
    fn an_empty_sequence_is_a_bare_plot() {
        let svg = sequence_plot("nothing yet", &[], None);
        well_formed_elements(&svg).unwrap();
        assert!(!svg.contains("<path"));
    }
}
