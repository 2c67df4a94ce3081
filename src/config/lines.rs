//! A text as lines that each keep their own end. toml_edit reads a CRLF as LF and writes LF, so an
//! edit is made on the LF text and only the lines it changed are put back: every other line keeps
//! its end, whatever mix of ends the file has.

/// The lines of a text, each with its end: `"\r\n"`, `"\n"`, or `""` for a last line without one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines(Vec<(String, &'static str)>);

impl Lines {
    pub fn of(text: &str) -> Lines {
        let line = |line: &str| match line.strip_suffix("\r\n") {
            Some(content) => (content.to_string(), "\r\n"),
            None => match line.strip_suffix('\n') {
                Some(content) => (content.to_string(), "\n"),
                None => (line.to_string(), ""),
            },
        };
        Lines(text.split_inclusive('\n').map(line).collect())
    }

    /// The text with every line ending in LF.
    pub fn lf(&self) -> String {
        let end = |end: &str| if end.is_empty() { "" } else { "\n" };
        self.0.iter().flat_map(|(line, e)| [line, end(e)]).collect()
    }

    /// The text with each line's own end.
    pub fn text(&self) -> String {
        self.0.iter().flat_map(|(line, end)| [line, *end]).collect()
    }

    /// Takes `edited`, an LF text made from `self.lf()` by one change in one place: the lines
    /// before and after the change keep their ends; a changed line ends as the line it replaces
    /// did, and a new line as the line before it (else as the file's first line, else LF).
    pub fn splice(&mut self, edited: &str) {
        let new = Lines::of(edited).0;
        let same = |(old, new): (&(String, &str), &(String, &str))| {
            old.0 == new.0 && old.1.is_empty() == new.1.is_empty()
        };
        let head = self
            .0
            .iter()
            .zip(&new)
            .take_while(|&pair| same(pair))
            .count();
        let room = self.0.len().min(new.len()) - head;
        let tail = (self.0.iter().rev().zip(new.iter().rev()))
            .take(room)
            .take_while(|&pair| same(pair))
            .count();
        let ended = |line: &(String, &'static str)| Some(line.1).filter(|end| !end.is_empty());
        let before = head.checked_sub(1).and_then(|line| ended(&self.0[line]));
        let fallback = before
            .or_else(|| self.0.iter().find_map(ended))
            .unwrap_or("\n");
        let replaced = head..self.0.len() - tail;
        let ends = &self.0[replaced.clone()];
        let changed: Vec<_> = new[head..new.len() - tail]
            .iter()
            .enumerate()
            .map(|(i, (line, end))| {
                let end = if end.is_empty() {
                    ""
                } else {
                    ends.get(i).and_then(ended).unwrap_or(fallback)
                };
                (line.clone(), end)
            })
            .collect();
        self.0.splice(replaced, changed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `old` after `edit` made on its LF text.
    fn spliced(old: &str, edit: impl Fn(&str) -> String) -> String {
        let mut lines = Lines::of(old);
        let edited = edit(&lines.lf());
        lines.splice(&edited);
        lines.text()
    }

    #[test]
    fn a_round_trip_is_byte_for_byte() {
        for text in ["", "a\r\nb\nc", "a\n\r\n\n", "\r\n", "x"] {
            assert_eq!(Lines::of(text).text(), text);
        }
        assert_eq!(Lines::of("a\r\nb\nc").lf(), "a\nb\nc");
    }

    #[test]
    fn only_the_changed_lines_take_new_ends() {
        let old = "a = 1\r\nb = 2\nc = 3\r\n";
        let changed = spliced(old, |lf| lf.replace("b = 2", "b = 5"));
        assert_eq!(changed, "a = 1\r\nb = 5\nc = 3\r\n");
        let added = spliced(old, |lf| lf.replace("a = 1\n", "a = 1\nz = 0\n"));
        assert_eq!(added, "a = 1\r\nz = 0\r\nb = 2\nc = 3\r\n");
        let appended = spliced("a = 1\r\nb = 2", |lf| format!("{lf}\nz = 0\n"));
        assert_eq!(appended, "a = 1\r\nb = 2\r\nz = 0\r\n");
        let removed = spliced(old, |lf| lf.replace("b = 2\n", ""));
        assert_eq!(removed, "a = 1\r\nc = 3\r\n");
        assert_eq!(spliced("", |_| "z = 0\n".into()), "z = 0\n");
    }
}
