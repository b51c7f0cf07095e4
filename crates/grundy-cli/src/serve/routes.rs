//! The endpoints: the page and its files, the catalogue of games, commands answered at once
//! (`/api/run`) and jobs for long ones (`/api/jobs`). docs/WEB.md describes each.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::watch;

use super::jobs::{Failure, Jobs, Runner, MAX_JOBS_KEPT, MAX_JOBS_WAITING};
use super::words::{memory_text, COMMANDS, MAX_WORDS, MAX_WORD_BYTES};
use grundy::games::corner::CORNER_GAMES;
use grundy::games::heap::NAMED_GAMES;
use grundy::games::placement::{Piece, RayRule, Surface};
use grundy::games::registry::{catalogue, Family};

/// The largest request body read.
pub const MAX_BODY_BYTES: usize = 64 << 10;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

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
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
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
        .layer(middleware::from_fn_with_state(
            loopback_only,
            same_origin_only,
        ))
        .with_state(server)
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

/// The games, family by family: the names the page offers and the text of `--help`.
async fn games() -> Response {
    let pieces: Vec<&str> = Piece::NAMED.iter().map(|(name, _)| *name).collect();
    let heaps: Vec<&str> = NAMED_GAMES.iter().map(|(name, _)| *name).collect();
    let corners: Vec<&str> = CORNER_GAMES.iter().map(|(name, _)| *name).collect();
    let families: Vec<serde_json::Value> = Family::ALL
        .iter()
        .map(|family| {
            let names: Vec<&str> = match family {
                Family::Placement => pieces.clone(),
                Family::Heap => heaps.clone(),
                Family::Corner => corners.clone(),
                Family::Graph | Family::Nimber => Vec::new(),
            };
            json!({
                "family": format!("{family:?}").to_lowercase(),
                "title": family.title(),
                "games": names,
                "names": family.names(),
                "arguments": family.arguments(),
                "example": family.example(),
                "commands": family.verbs().iter().map(|verb| verb.command()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let surfaces: Vec<String> = [
        Surface::Rectangle,
        Surface::Torus,
        Surface::Cylinder,
        Surface::Mobius,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    let rays: Vec<String> = [RayRule::Through, RayRule::Blocked]
        .iter()
        .map(ToString::to_string)
        .collect();
    axum::Json(json!({
        "families": families,
        "surfaces": surfaces,
        "rays": rays,
        "catalogue": catalogue(),
    }))
    .into_response()
}

async fn limits(State(server): State<Arc<Server>>) -> Response {
    let limits = server.runner.limits();
    axum::Json(json!({
        "max_seconds": limits.max_seconds,
        "memory": memory_text(limits.memory),
        "memory_bytes": limits.memory,
        "jobs": limits.jobs,
        "max_body_bytes": MAX_BODY_BYTES,
        "max_words": MAX_WORDS,
        "max_word_bytes": MAX_WORD_BYTES,
        "max_jobs_kept": MAX_JOBS_KEPT,
        "max_jobs_waiting": MAX_JOBS_WAITING,
        "commands": COMMANDS,
    }))
    .into_response()
}

/// A request's body: `{"command": ["value", "knights", "5x5"]}`, and for Node Kayles the
/// graph's edges: `{"command": ["moves", "graph", "--all"], "graph": "a b\nb c\n"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandBody {
    command: Vec<String>,
    #[serde(default)]
    graph: Option<String>,
}

/// Why a request is refused before anything runs: the status and the message.
type Refusal = (StatusCode, String);

fn command_of(body: Result<Bytes, BytesRejection>) -> Result<CommandBody, Refusal> {
    let body = body.map_err(|rejection| {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "the request is larger than the {} KiB the server reads",
                MAX_BODY_BYTES >> 10
            )
        } else {
            rejection.body_text()
        };
        (status, message)
    })?;
    serde_json::from_slice::<CommandBody>(&body).map_err(|why| {
        (
            StatusCode::BAD_REQUEST,
            format!("the request must be JSON like {{\"command\": [\"value\", \"knights\", \"5x5\"]}}: {why}"),
        )
    })
}

fn failure(failure: &Failure) -> Response {
    let status = match failure {
        Failure::Input(_) => StatusCode::BAD_REQUEST,
        Failure::OverLimit(_) | Failure::NoAnswer(_) => StatusCode::UNPROCESSABLE_ENTITY,
        Failure::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        Failure::Cancelled => StatusCode::CONFLICT,
        Failure::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error(status, failure.message())
}

/// Runs a command and answers with its JSON; the command is stopped if the page goes away.
async fn run(State(server): State<Arc<Server>>, body: Result<Bytes, BytesRejection>) -> Response {
    let body = match command_of(body) {
        Ok(body) => body,
        Err((status, message)) => return error(status, message),
    };
    // Nothing cancels a plain request but the page closing the connection, which drops this
    // future and with it the command.
    let (_keep_open, never_cancelled) = watch::channel(false);
    match server
        .runner
        .run(
            &body.command,
            body.graph.as_deref(),
            |_| {},
            never_cancelled,
        )
        .await
    {
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
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match command_of(body) {
        Ok(body) => body,
        Err((status, message)) => return error(status, message),
    };
    match server.jobs.start(body.command, body.graph) {
        Ok(id) => match server.jobs.report(id) {
            Some(report) => (StatusCode::ACCEPTED, axum::Json(report)).into_response(),
            None => error(StatusCode::INTERNAL_SERVER_ERROR, "the job was lost"),
        },
        Err(why) => failure(&why),
    }
}

fn job_id(text: &str) -> Result<u64, Refusal> {
    text.parse().map_err(|_| {
        (
            StatusCode::BAD_REQUEST,
            format!("job `{text}` is not a job number"),
        )
    })
}

fn unknown_job(id: u64) -> Response {
    error(
        StatusCode::NOT_FOUND,
        format!("no job {id}: it never was, or it finished long ago and was forgotten"),
    )
}

async fn job(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let id = match job_id(&id) {
        Ok(id) => id,
        Err((status, message)) => return error(status, message),
    };
    match server.jobs.report(id) {
        Some(report) => axum::Json(report).into_response(),
        None => unknown_job(id),
    }
}

async fn cancel_job(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let id = match job_id(&id) {
        Ok(id) => id,
        Err((status, message)) => return error(status, message),
    };
    match server.jobs.cancel(id) {
        Some(report) => axum::Json(report).into_response(),
        None => unknown_job(id),
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
