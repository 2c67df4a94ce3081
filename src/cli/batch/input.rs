//! The batch's input, line by line, in bounded memory: a line is kept up to `MAX_LINE` bytes and
//! the rest of a longer one is read and dropped, so a stream without a newline (`yes 4 | tr -d "\n"`)
//! costs a few KiB instead of growing until the system kills the process. Ctrl-C is looked at
//! between reads, so it stops a line that never ends too, and, standard input being read on a
//! thread of its own, a wait for a line that has not come.

use crate::engine::StopFlag;
use crate::engine::game::rules::MAX_SIDE;
use std::fs::File;
use std::io::{self, BufRead, BufReader, ErrorKind, Read, Seek};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::Duration;

/// Cells on the largest board.
const MOST_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The longest line a position and its expected scores make, written as anyone would: a cell
/// name (`h8`) and a separator (`, `) for every cell, then a score as long as `-1000` (Pons'
/// mark for a full column or a taken cell) and a space for every cell, as `--analyze` reads its
/// own output back. The other forms are shorter: 64 digits, or 71 characters of notation.
const LONGEST_LINE: usize = MOST_CELLS * "h8, ".len() + MOST_CELLS * " -1000".len();

/// Bytes kept of a line: a longer one is no position, whatever it holds. Six times the longest
/// line leaves room for any padding of columns, and is still small enough to cost nothing.
pub const MAX_LINE: usize = 4096;
const _: () = assert!(MAX_LINE >= 6 * LONGEST_LINE);

/// The UTF-8 byte order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What reading the next line gave.
#[derive(Debug, PartialEq)]
pub enum Line {
    /// A line, without its newline.
    Text(Vec<u8>),
    /// A line longer than `MAX_LINE` bytes, not a comment: its length.
    TooLong(u64),
    /// A line holding a NUL byte, seen as soon as it is read (however long the line: `/dev/zero`
    /// has no newline): the input is no text.
    Binary,
    /// Ctrl-C came before the line ended.
    Stopped,
}

/// The lines of a batch's input.
pub struct Lines {
    input: Box<dyn BufRead>,
    stop: StopFlag,
    kept: Vec<u8>,
    first: bool,
}

impl Lines {
    /// Lines of `input`, stopping when `stop` is raised.
    pub fn new(input: Box<dyn BufRead>, stop: StopFlag) -> Lines {
        Lines {
            input,
            stop,
            kept: Vec::new(),
            first: true,
        }
    }

    /// The next line; `None` at the end of the input. A final newline ends the last line; it does
    /// not start another.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.kept.clear();
        let mut length = 0u64;
        let mut started = false;
        loop {
            if self.stop.is_stopped() {
                return Ok(Some(Line::Stopped));
            }
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                // Ctrl-C on a pipeline ends the program writing the lines as well: its end is
                // the interrupt's, not the batch's (nor a line cut short by it).
                if self.stop.is_stopped() {
                    return Ok(Some(Line::Stopped));
                }
                return Ok(started.then(|| self.finish(length)));
            }
            started = true;
            let end = available.iter().position(|&b| b == b'\n');
            let part = &available[..end.unwrap_or(available.len())];
            if part.contains(&0) {
                let used = part.len();
                self.input.consume(used);
                return Ok(Some(Line::Binary));
            }
            let room = (MAX_LINE + 1).saturating_sub(self.kept.len());
            self.kept.extend_from_slice(&part[..part.len().min(room)]);
            length += part.len() as u64;
            let used = part.len() + usize::from(end.is_some());
            self.input.consume(used);
            if end.is_some() {
                return Ok(Some(self.finish(length)));
            }
        }
    }

    fn finish(&mut self, length: u64) -> Line {
        let mut text = std::mem::take(&mut self.kept);
        let mut length = length;
        if std::mem::take(&mut self.first) && text.starts_with(BOM) {
            text.drain(..BOM.len());
            length -= BOM.len() as u64;
        }
        if length <= MAX_LINE as u64 {
            return Line::Text(text);
        }
        // A long comment is still a comment: what was kept says so.
        if text.trim_ascii_start().starts_with(b"#") {
            return Line::Text(b"#".to_vec());
        }
        Line::TooLong(length)
    }
}

/// Bytes standard input is read in, on its own thread.
const CHUNK: usize = 8 << 10;

/// How often a read waiting for input looks at Ctrl-C.
const LOOK: Duration = Duration::from_millis(50);

/// Standard input read on a thread of its own and handed over in chunks. A read of a pipe or a
/// terminal waits until the writer writes, and Ctrl-C does not end that wait (the signal's
/// handler lets the read go on): waiting on the channel instead, the batch looks at Ctrl-C
/// every `LOOK` while the line has not come. The channel holds two chunks, so memory stays
/// bounded however fast the input comes.
struct Handed {
    chunks: Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    at: usize,
    stop: StopFlag,
}

impl Handed {
    fn stdin(stop: StopFlag) -> Handed {
        let (send, chunks) = sync_channel(2);
        // Left waiting in its read if the batch ends first: the process ends with the batch.
        let _ = std::thread::Builder::new()
            .name("stdin".into())
            .spawn(move || {
                let mut stdin = io::stdin();
                loop {
                    let mut chunk = vec![0; CHUNK];
                    let read = match stdin.read(&mut chunk) {
                        Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                        read => read,
                    };
                    let end = !matches!(read, Ok(n) if n > 0);
                    let sent = send.send(read.map(|n| {
                        chunk.truncate(n);
                        chunk
                    }));
                    if end || sent.is_err() {
                        return;
                    }
                }
            });
        Handed {
            chunks,
            chunk: Vec::new(),
            at: 0,
            stop,
        }
    }
}

impl Read for Handed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            if self.stop.is_stopped() {
                // `Lines` reads this as "look at the stop flag", and stops there.
                return Err(ErrorKind::Interrupted.into());
            }
            match self.chunks.recv_timeout(LOOK) {
                Ok(chunk) => {
                    self.chunk = chunk?;
                    self.at = 0;
                    if self.chunk.is_empty() {
                        return Ok(0);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                // The end was sent, and the thread has gone: the end again.
                Err(RecvTimeoutError::Disconnected) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Opens `source` (`-`: standard input, read as it comes, so a generator can feed it) and, for
/// a regular file, counts its lines first, so the progress can say how many there are (reading
/// it twice, never holding it whole).
pub fn open(source: &str, stop: &StopFlag) -> io::Result<(Lines, Option<usize>)> {
    if source == "-" {
        let stdin = BufReader::new(Handed::stdin(stop.clone()));
        return Ok((Lines::new(Box::new(stdin), stop.clone()), None));
    }
    let mut file = File::open(source)?;
    let total = if file.metadata()?.is_file() {
        let total = count_lines(&mut file, stop)?;
        file.rewind()?;
        total
    } else {
        // A pipe or a device (`/dev/stdin`, `/dev/zero`) can be read only once, maybe forever.
        None
    };
    let input = Box::new(BufReader::new(file));
    Ok((Lines::new(input, stop.clone()), total))
}

/// The number of lines of `file` as `Lines` reads them; `None` if Ctrl-C came first.
fn count_lines(reader: &mut File, stop: &StopFlag) -> io::Result<Option<usize>> {
    let mut buffer = vec![0; 64 << 10];
    let (mut count, mut last) = (0, b'\n');
    loop {
        if stop.is_stopped() {
            return Ok(None);
        }
        let read = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        count += buffer[..read].iter().filter(|&&b| b == b'\n').count();
        last = buffer[read - 1];
    }
    Ok(Some(count + usize::from(last != b'\n')))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `bytes`, read through a small buffer so lines span several reads.
    fn lines(bytes: &[u8]) -> Vec<Line> {
        let input = Box::new(BufReader::with_capacity(7, io::Cursor::new(bytes.to_vec())));
        let mut lines = Lines::new(input, StopFlag::default());
        std::iter::from_fn(|| lines.next_line().unwrap()).collect()
    }

    fn text(s: &str) -> Line {
        Line::Text(s.as_bytes().to_vec())
    }

    #[test]
    fn lines_end_at_newlines_and_a_final_one_starts_nothing() {
        assert_eq!(
            lines(b"4453 -2\n\n12\n"),
            [text("4453 -2"), text(""), text("12")]
        );
        assert_eq!(lines(b"4453\r\n12"), [text("4453\r"), text("12")]);
        assert_eq!(lines(b""), []);
    }

    #[test]
    fn a_byte_order_mark_is_dropped_from_the_first_line_only() {
        assert_eq!(
            lines(b"\xEF\xBB\xBF4453\n\xEF\xBB\xBF12\n"),
            [text("4453"), Line::Text(b"\xEF\xBB\xBF12".to_vec())]
        );
    }

    #[test]
    fn longer_lines_are_measured_not_kept() {
        let long = [b'4'; MAX_LINE + 5];
        assert_eq!(
            lines(&[&long[..], b"\n12\n"].concat()),
            [Line::TooLong(MAX_LINE as u64 + 5), text("12")]
        );
        let exact = &long[..MAX_LINE];
        assert_eq!(lines(exact), [Line::Text(exact.to_vec())]);
        assert_eq!(lines(&[&b"  # "[..], &long].concat()), [text("#")]);
    }

    #[test]
    fn the_longest_position_fits() {
        let cells: Vec<String> = (0..8)
            .flat_map(|col| (1..=8).map(move |row| format!("{}{row}", (b'a' + col) as char)))
            .collect();
        let line = format!("{} {}", cells.join(", "), vec!["-1000"; 64].join(" "));
        assert!(line.len() <= LONGEST_LINE, "{}", line.len());
    }

    #[test]
    fn a_raised_flag_stops_the_reading() {
        let stop = StopFlag::default();
        stop.stop();
        let mut lines = Lines::new(Box::new(BufReader::new(io::repeat(b'0'))), stop);
        assert_eq!(lines.next_line().unwrap(), Some(Line::Stopped));
    }

    /// Ctrl-C on `generate | tictree solve --batch -` also ends the generator: an input that
    /// ends as the flag is raised ends in the interrupt, not in its last (cut) line and a batch
    /// that looks finished.
    #[test]
    fn an_input_ending_with_ctrl_c_is_interrupted() {
        struct EndsWithCtrlC(StopFlag, bool);
        impl io::Read for EndsWithCtrlC {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.1, true) {
                    self.0.stop();
                    return Ok(0);
                }
                buf[..4].copy_from_slice(b"4453");
                Ok(4)
            }
        }
        let stop = StopFlag::default();
        let input = EndsWithCtrlC(stop.clone(), false);
        let mut lines = Lines::new(Box::new(BufReader::new(input)), stop);
        assert_eq!(lines.next_line().unwrap(), Some(Line::Stopped));
    }
}
