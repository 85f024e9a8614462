//! HTTP plumbing over `tiny_http`: errors as JSON, request bodies, query strings, responses.

use std::io::{Read, Write};
use tiny_http::Request;

/// Largest request body accepted (a long PGN fits many times over).
pub const MAX_BODY: u64 = 4 << 20;

/// A request the server refuses: an HTTP status and a message for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    /// 400: the request is wrong (bad JSON, unknown game, illegal move, bad FEN).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: 400, message: message.into() }
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: 404, message: message.into() }
    }
    /// 409: another page controls the game.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError { status: 409, message: message.into() }
    }
}

/// A response: status, content type and body.
pub struct Reply {
    pub status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

/// A response with a body and a content type; nothing is cached (the page polls).
pub fn body(status: u16, content_type: &'static str, data: Vec<u8>) -> Reply {
    Reply { status, content_type, body: data }
}

pub fn json(value: &serde_json::Value) -> Reply {
    body(200, "application/json; charset=utf-8", value.to_string().into_bytes())
}

pub fn error(e: &ApiError) -> Reply {
    let v = serde_json::json!({ "error": e.message });
    body(e.status, "application/json; charset=utf-8", v.to_string().into_bytes())
}

/// Writes the reply and asks the client to close the connection. tiny_http 0.12 serves each
/// connection on a pool thread until the client closes it, and its pool can leave a new
/// connection queued while every thread holds an idle keep-alive connection (seen with
/// Chromium: a script of the page arrived only when the browser closed its connections).
/// Closing after each response frees the thread at once; on localhost the cost is nil.
pub fn send(req: Request, r: Reply) {
    let reason = match r.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        413 => "Payload Too Large",
        _ => "Error",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        r.status,
        r.content_type,
        r.body.len()
    );
    let mut w = req.into_writer();
    // The client may have gone away; nothing to do about it.
    let _ = w.write_all(head.as_bytes()).and_then(|_| w.write_all(&r.body)).and_then(|_| w.flush());
}

/// The request body parsed as JSON of type `T`.
pub fn read_json<T: serde::de::DeserializeOwned>(req: &mut Request) -> Result<T, ApiError> {
    let mut text = String::new();
    req.as_reader()
        .take(MAX_BODY + 1)
        .read_to_string(&mut text)
        .map_err(|e| ApiError::bad(format!("cannot read the request body: {e}")))?;
    if text.len() as u64 > MAX_BODY {
        return Err(ApiError { status: 413, message: format!("the request body is over {MAX_BODY} bytes") });
    }
    if text.trim().is_empty() {
        text = "{}".into();
    }
    serde_json::from_str(&text).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
}

/// The value of `key` in the URL's query string (no percent-decoding beyond `%XX` and `+`).
pub fn query(url: &str, key: &str) -> Option<String> {
    let q = url.split_once('?')?.1;
    q.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        (k == key).then(|| decode(v))
    })
}

fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                match u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(x) => {
                        out.push(x);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The path of the URL, without the query string.
pub fn path(url: &str) -> &str {
    url.split_once('?').map_or(url, |(p, _)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_strings() {
        assert_eq!(query("/api/moves?square=e5&x=1", "square").as_deref(), Some("e5"));
        assert_eq!(query("/a?fen=a%2Fb+c", "fen").as_deref(), Some("a/b c"));
        assert_eq!(query("/a?x=%4", "x").as_deref(), Some("%4"));
        assert_eq!(query("/a", "x"), None);
        assert_eq!(path("/api/state?client=3"), "/api/state");
    }
}
