//! `d` in the replay: the search being replayed, drawn as a Graphviz picture (the same as
//! `tictree trace --format dot`), for the terminal loop to write to a file (`take_picture`), as
//! `update` does no I/O.

use super::PictureFile;
use crate::app::log::{LogKind, thousands};
use crate::app::state::App;
use crate::engine::search::replay::{MAX_PICTURE_NODES, ReplayLimits, picture};
use crate::engine::{Algorithm, Position, StopFlag};

/// `tictree-alphabeta-xo_-_o_-x_x.dot`: the algorithm and the position, a name a shell takes as it
/// is; `tictree-alphabeta-depth4-….dot` for a search cut at a depth, so that it does not
/// overwrite the whole search's picture. Empty cells are `_`: dots would read as an ellipsis or
/// as the start of the extension.
fn file_name(root: &Position, algorithm: Algorithm, depth: Option<u32>) -> String {
    let depth = depth.map_or(String::new(), |depth| format!("-depth{depth}"));
    format!(
        "tictree-{algorithm}{depth}-{}.dot",
        root.to_notation().replace('/', "-").replace('.', "_")
    )
}

impl App {
    /// `d`: draws the replayed search if it is small enough to read (up to `MAX_PICTURE_NODES`
    /// positions; the replay's own node budget does not count, its depth does), else says why.
    pub(crate) fn save_picture(&mut self) {
        let Some(state) = self.replay() else {
            return;
        };
        let replay = &state.replay;
        let (root, algorithm) = (*replay.root(), replay.algorithm());
        let limits = ReplayLimits {
            nodes: None,
            ..replay.limits()
        };
        // At most one more node than a picture holds: a few milliseconds, no stop needed.
        match picture(root, algorithm, limits, &StopFlag::default()) {
            Some((text, _)) => {
                let name = file_name(&root, algorithm, limits.depth);
                self.picture = Some(PictureFile { name, text });
            }
            None => {
                let why = format!(
                    "no picture: this search enters more than {} positions, too many to read \
                     (a position nearer the end, or tictree trace --format dot --depth N)",
                    thousands(MAX_PICTURE_NODES)
                );
                self.notice = Some(why.clone());
                self.log.push(LogKind::Info, why);
            }
        }
    }

    /// The picture to write, once after each `d`, else `None`.
    pub fn take_picture(&mut self) -> Option<PictureFile> {
        self.picture.take()
    }
}
