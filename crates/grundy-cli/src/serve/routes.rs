//! The endpoints: the page and its files, the catalogue of games, requests answered at once
//! (`/api/run`) and jobs for long ones (`/api/jobs`). A request is the library's typed
//! [`grundy::Request`], as `grundy worker` reads it; docs/WEB.md describes each endpoint.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::json;
use tokio::sync::watch;

use super::jobs::{random_hex, Failure, JobReport, Jobs, Runner};
use grundy::games::registry::games_catalogue;
use grundy::request::ServerLimits;

const MAX_BODY_BYTES: usize = ServerLimits::MAX_BODY_BYTES;
const BODY_SECONDS: u64 = ServerLimits::BODY_SECONDS;

/// The cookie that tells one page's jobs from another's.
const CLIENT_COOKIE: &str = "grundy-client";

/// What every answer says to the browser: the page loads only its own files and is shown in
/// no other site's frame, and no answer is read as another type than it says.
const SECURITY_HEADERS: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
];

const INDEX_HTML: &str = include_str!("assets/index.html");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// The page's script: ES modules, one a view (docs/WEB.md lists them), which `main.js`, the
/// one the page loads, imports. Each is served at `/` and its name.
const SCRIPTS: [(&str, &str); 23] = [
    ("main.js", include_str!("assets/main.js")),
    ("common.js", include_str!("assets/common.js")),
    ("api.js", include_str!("assets/api.js")),
    ("link.js", include_str!("assets/link.js")),
    ("state.js", include_str!("assets/state.js")),
    ("play.js", include_str!("assets/play.js")),
    ("play-view.js", include_str!("assets/play-view.js")),
    ("board.js", include_str!("assets/board.js")),
    ("dominoes.js", include_str!("assets/dominoes.js")),
    ("heaps.js", include_str!("assets/heaps.js")),
    ("legend.js", include_str!("assets/legend.js")),
    ("actions.js", include_str!("assets/actions.js")),
    ("values.js", include_str!("assets/values.js")),
    ("graph-layout.js", include_str!("assets/graph-layout.js")),
    ("table.js", include_str!("assets/table.js")),
    ("sequence.js", include_str!("assets/sequence.js")),
    ("tour.js", include_str!("assets/tour.js")),
    ("attack-graph.js", include_str!("assets/attack-graph.js")),
    ("modes.js", include_str!("assets/modes.js")),
    ("review.js", include_str!("assets/review.js")),
    ("why.js", include_str!("assets/why.js")),
    ("lessons.js", include_str!("assets/lessons.js")),
    ("export.js", include_str!("assets/export.js")),
];

struct Server {
    runner: Arc<Runner>,
    jobs: Jobs,
}

/// The server's routes, running commands on `runner`. `loopback_only`: the server listens
/// only on this machine, and refuses requests addressed to any other name.
pub fn router(runner: Arc<Runner>, loopback_only: bool) -> Router {
    let server = Arc::new(Server {
        jobs: Jobs::new(Arc::clone(&runner)),
        runner,
    });
    let mut router = Router::new().route("/", get(index));
    for (name, script) in SCRIPTS {
        router = router.route(
            &format!("/{name}"),
            get(move || async move { page(script, "text/javascript; charset=utf-8") }),
        );
    }
    router
        .route(
            "/style.css",
            get(|| async { page(STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route("/api/games", get(games))
        .route("/api/limits", get(limits))
        .route("/api/run", post(run))
        .route("/api/jobs", post(start_job))
        .route("/api/jobs/{id}", get(job).delete(cancel_job))
        .method_not_allowed_fallback(|| async {
            error(
                StatusCode::METHOD_NOT_ALLOWED,
                "this endpoint does not take that method: the endpoints and their methods are in docs/WEB.md",
            )
        })
        .fallback(|| async {
            error(
                StatusCode::NOT_FOUND,
                "no such page or endpoint: the endpoints are in docs/WEB.md",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(body_in_time))
        .layer(middleware::from_fn_with_state(
            loopback_only,
            same_origin_only,
        ))
        .layer(middleware::from_fn(security_headers))
        .with_state(server)
}

/// The page, giving a browser that has none the cookie its jobs are kept under.
async fn index(headers: HeaderMap) -> Response {
    let mut response = page(INDEX_HTML, "text/html; charset=utf-8");
    if client_of(&headers).is_none() {
        if let Some(cookie) = random_hex().ok().and_then(|client| {
            HeaderValue::from_str(&format!(
                "{CLIENT_COOKIE}={client}; Path=/; HttpOnly; SameSite=Strict"
            ))
            .ok()
        }) {
            response.headers_mut().insert(header::SET_COOKIE, cookie);
        }
    }
    response
}

/// The client a request comes from: its [`CLIENT_COOKIE`], if it sent one.
fn client_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == CLIENT_COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|value| {
            !value.is_empty() && value.len() <= 64 && value.bytes().all(|b| b.is_ascii_hexdigit())
        })
}

/// Adds [`SECURITY_HEADERS`] to every answer.
async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in SECURITY_HEADERS {
        response
            .headers_mut()
            .insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Reads a request's whole body within [`BODY_SECONDS`] and [`MAX_BODY_BYTES`] before any
/// endpoint sees it, so that a client sending it slowly, or without end, holds nothing for
/// long.
async fn body_in_time(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let too_large = || error(StatusCode::PAYLOAD_TOO_LARGE, too_large_message());
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok())
        .and_then(|length| length.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(BODY_SECONDS),
        axum::body::to_bytes(body, MAX_BODY_BYTES),
    )
    .await;
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(why)) => {
            let over_limit =
                std::iter::successors(Some(&why as &(dyn std::error::Error + 'static)), |error| {
                    error.source()
                })
                .any(|error| error.is::<http_body_util::LengthLimitError>());
            return if over_limit {
                too_large()
            } else {
                error(
                    StatusCode::BAD_REQUEST,
                    format!("cannot read the request's body: {why}"),
                )
            };
        }
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                format!("the request's body did not arrive within {BODY_SECONDS} s"),
            )
        }
    };
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

/// What a request larger than [`MAX_BODY_BYTES`] is told.
fn too_large_message() -> String {
    format!(
        "the request is larger than the {} KiB the server reads",
        MAX_BODY_BYTES >> 10
    )
}

fn page(text: &'static str, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        text,
    )
        .into_response()
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

fn json_text(status: StatusCode, text: String) -> Response {
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        text,
    )
        .into_response()
}

/// Refuses requests that another site's page sends through the browser (their `Origin` is
/// not this server), so a page on the web cannot make the browser run searches here; and, on
/// a server for this machine only, requests for another host name (a web site whose name was
/// made to point at 127.0.0.1, which would pass the first check).
async fn same_origin_only(
    State(loopback_only): State<bool>,
    request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    // RFC 9112, section 3.2: a request with more than one Host header is answered 400 (the
    // checks below would otherwise judge by the first and a proxy might route by another).
    if headers.get_all(header::HOST).iter().count() > 1 {
        return error(
            StatusCode::BAD_REQUEST,
            "the request has more than one Host header: send one",
        );
    }
    if loopback_only {
        let host = headers
            .get(header::HOST)
            .and_then(|host| host.to_str().ok())
            .unwrap_or_default();
        if !names_this_machine(host) {
            return error(
                StatusCode::FORBIDDEN,
                format!("requests for the host `{host}` are refused: this server answers only for 127.0.0.1, localhost and [::1]"),
            );
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers
            .get(header::HOST)
            .and_then(|host| host.to_str().ok())
            .unwrap_or_default();
        let origin = origin.to_str().unwrap_or_default();
        let origin_host = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .unwrap_or_default();
        if origin_host != host {
            return error(
                StatusCode::FORBIDDEN,
                format!("requests from the page {origin} are refused: only this server's own page may call it"),
            );
        }
    }
    next.run(request).await
}

/// Whether the `Host` header `host` (a name and maybe a port) names this machine.
fn names_this_machine(host: &str) -> bool {
    let name = if let Some(bracketed) = host.strip_prefix('[') {
        bracketed.split(']').next().unwrap_or_default()
    } else {
        host.split(':').next().unwrap_or_default()
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

/// The games, family by family, as the registry lists them for a page.
async fn games() -> Response {
    axum::Json(games_catalogue()).into_response()
}

/// What one request may cost here: the library's [`ServerLimits`].
async fn limits(State(server): State<Arc<Server>>) -> Response {
    axum::Json(server.runner.limits()).into_response()
}

/// Why a request is refused before anything runs: the status and the message.
type Refusal = (StatusCode, String);

/// The request a body holds, parsed and checked by the library's own types (an unknown key,
/// question or game is refused here, before anything runs) and bounded by the server's
/// memory.
fn request_of(
    body: Result<Bytes, BytesRejection>,
    limits: &ServerLimits,
) -> Result<grundy::Request, Refusal> {
    let body = body.map_err(|rejection| {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            too_large_message()
        } else {
            rejection.body_text()
        };
        (status, message)
    })?;
    let mut request =
        grundy::request::read_request(&body).map_err(|why| (StatusCode::BAD_REQUEST, why))?;
    // An answer that cannot fit is refused here, at once, with the status the worker's
    // refusal of it would have.
    limits.bound(&mut request).map_err(|why| {
        let status = StatusCode::from_u16(why.kind().http_status())
            .unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
        (status, why.to_string())
    })?;
    Ok(request)
}

fn failure(failure: &Failure) -> Response {
    let status = match failure {
        Failure::Met(error) => StatusCode::from_u16(error.kind.http_status())
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        Failure::OverLimit(_) => StatusCode::UNPROCESSABLE_ENTITY,
        Failure::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        Failure::Cancelled => StatusCode::CONFLICT,
        Failure::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error(status, failure.message())
}

/// Runs a command and answers with its JSON; the command is stopped if the page goes away.
async fn run(State(server): State<Arc<Server>>, body: Result<Bytes, BytesRejection>) -> Response {
    let request = match request_of(body, server.runner.limits()) {
        Ok(request) => request,
        Err((status, message)) => return error(status, message),
    };
    // Nothing cancels a plain request but the page closing the connection, which drops this
    // future and with it the worker.
    let (_keep_open, never_cancelled) = watch::channel(false);
    match server.runner.run(&request, |_| {}, never_cancelled).await {
        Ok(answer) => {
            let mut response = json_text(StatusCode::OK, answer.json);
            if let Some(why) = answer.stopped {
                // The report says `"interrupted": true`; the header says why.
                if let Ok(value) = HeaderValue::from_str(&why.message()) {
                    response.headers_mut().insert("x-grundy-stopped", value);
                }
            }
            response
        }
        Err(why) => failure(&why),
    }
}

async fn start_job(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request = match request_of(body, server.runner.limits()) {
        Ok(request) => request,
        Err((status, message)) => return error(status, message),
    };
    let client = client_of(&headers);
    match server.jobs.start(request, client.clone()) {
        Ok(id) => match server.jobs.report(&id, client.as_deref()) {
            Some(report) => job_reply(StatusCode::ACCEPTED, report),
            None => error(StatusCode::INTERNAL_SERVER_ERROR, "the job was lost"),
        },
        Err(why) => failure(&why),
    }
}

/// A job that is not there for this client: never made, made by another page, or finished
/// long ago and forgotten (which of these is not said).
fn unknown_job(id: &str) -> Response {
    let shown: String = id.chars().take(40).collect();
    error(
        StatusCode::NOT_FOUND,
        format!("no job `{shown}` of this page: it never was, or it finished long ago and was forgotten"),
    )
}

async fn job(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    match server.jobs.report(&id, client_of(&headers).as_deref()) {
        Some(report) => job_reply(StatusCode::OK, report),
        None => unknown_job(&id),
    }
}

async fn cancel_job(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    match server.jobs.cancel(&id, client_of(&headers).as_deref()) {
        Some(report) => job_reply(StatusCode::OK, report),
        None => unknown_job(&id),
    }
}

/// The most bytes of a job's answer handed to a connection at once: a client that reads
/// slowly holds this much in flight at most, not a copy of the answer.
const REPLY_PIECE_BYTES: usize = 64 << 10;

/// A job's report as JSON: its keys, then its answer (`"result"`) sent from the one copy the
/// server keeps, in pieces of at most [`REPLY_PIECE_BYTES`] that share it (forty clients
/// reading a 24 MB answer hold one copy of it, not forty).
fn job_reply(status: StatusCode, mut report: JobReport) -> Response {
    let result = report.result.take();
    // A report of strings, numbers and the request, which always serialises, to an object.
    let mut head = serde_json::to_vec(&report).expect("a job's report serialises");
    let body = match result {
        None => axum::body::Body::from(head),
        Some(answer) => {
            // Its closing brace: the result goes before it.
            debug_assert_eq!(head.last(), Some(&b'}'));
            head.pop();
            head.extend_from_slice(b",\"result\":");
            axum::body::Body::new(Pieces {
                head: Some(Bytes::from(head)),
                answer,
                sent: 0,
                tail: Some(Bytes::from_static(b"}")),
            })
        }
    };
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A reply's body: a head, a shared answer in pieces, and a tail.
struct Pieces {
    head: Option<Bytes>,
    answer: Bytes,
    /// The answer's bytes handed on so far.
    sent: usize,
    tail: Option<Bytes>,
}

impl http_body::Body for Pieces {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _context: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        let piece = if let Some(head) = this.head.take() {
            Some(head)
        } else if this.sent < this.answer.len() {
            let end = this.answer.len().min(this.sent + REPLY_PIECE_BYTES);
            let piece = this.answer.slice(this.sent..end);
            this.sent = end;
            Some(piece)
        } else {
            this.tail.take()
        };
        std::task::Poll::Ready(piece.map(|bytes| Ok(http_body::Frame::data(bytes))))
    }

    fn size_hint(&self) -> http_body::SizeHint {
        let left = self.head.as_ref().map_or(0, Bytes::len)
            + (self.answer.len() - self.sent)
            + self.tail.as_ref().map_or(0, Bytes::len);
        http_body::SizeHint::with_exact(left as u64)
    }

    fn is_end_stream(&self) -> bool {
        self.head.is_none() && self.sent == self.answer.len() && self.tail.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::names_this_machine;

    #[test]
    fn only_loopback_names_are_this_machine() {
        for host in [
            "127.0.0.1:7878",
            "localhost:1",
            "LOCALHOST",
            "[::1]:80",
            "127.1.2.3",
        ] {
            assert!(names_this_machine(host), "{host}");
        }
        for host in [
            "",
            "example.com:7878",
            "10.0.0.1:7878",
            "[::2]:80",
            "localhost.evil.com",
        ] {
            assert!(!names_this_machine(host), "{host}");
        }
    }
}
