//! The page's files, embedded in the binary: the board needs no network and no other files.

use super::http::{self, ApiError, Reply};

const FILES: &[(&str, &str, &str)] = &[
    ("/index.html", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
    ("/js/api.js", "text/javascript; charset=utf-8", include_str!("assets/js/api.js")),
    ("/js/board.js", "text/javascript; charset=utf-8", include_str!("assets/js/board.js")),
    ("/js/moves.js", "text/javascript; charset=utf-8", include_str!("assets/js/moves.js")),
    ("/js/panel.js", "text/javascript; charset=utf-8", include_str!("assets/js/panel.js")),
    ("/js/graph.js", "text/javascript; charset=utf-8", include_str!("assets/js/graph.js")),
    ("/js/main.js", "text/javascript; charset=utf-8", include_str!("assets/js/main.js")),
];

/// The embedded file at `path` (`/` is the page).
pub fn get(path: &str) -> Result<Reply, ApiError> {
    let path = if path == "/" { "/index.html" } else { path };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, mime, text)| http::body(200, mime, text.as_bytes().to_vec()))
        .ok_or_else(|| ApiError::not_found(format!("no such file: {path}")))
}
