//! `grundy serve`: a local web page to play and explore the games, with an HTTP API that
//! answers with the same JSON as the command line's `--json` (docs/WEB.md lists the
//! endpoints).
//!
//! The page (HTML, CSS and JavaScript) is compiled into the binary; it loads nothing from
//! elsewhere. The server reads and writes no file on a page's behalf: a page sends the
//! library's typed requests (`{"question": "value", "game": "knights 5x5"}`), which name no
//! file, and each is answered by a `grundy worker` child process within the limits of
//! [`ServerLimits`].

mod jobs;
mod routes;

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::task::Poll;

use tokio::io::{AsyncRead, AsyncWrite};

use anyhow::{Context, Result};

use crate::input::{input_error, parse_memory};
use grundy::request::ServerLimits;
use jobs::Runner;

/// Arguments of `grundy serve`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Prints the page's address, http://127.0.0.1:PORT/, and serves until Ctrl-C. \
Every request runs one grundy command (the page's requests and the API are in docs/WEB.md), \
within the limits these options set; more than --jobs at once wait their turn.\n\nExamples:\n  \
grundy serve\n  grundy serve --open\n  grundy serve --port 0 --max-seconds 600 --memory 4G"
)]
pub struct Args {
    /// The address to listen on. The default answers only this machine; another address
    /// (0.0.0.0: every interface) lets other machines run searches on this one.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port; 0 takes any free one (the address printed says which).
    #[arg(long, value_name = "PORT", default_value_t = 7878)]
    pub port: u16,
    /// Open the page in the desktop's browser (xdg-open or open) once the server listens.
    #[arg(long)]
    pub open: bool,
    /// The longest a request may run, in seconds; a search still running then is stopped.
    #[arg(long, value_name = "S", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub max_seconds: u64,
    /// The most transposition-table memory one request may use (K, M, G, T suffixes); a
    /// request that asks for more, or does not ask, gets this much (one asking for more than
    /// the machine has is refused).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory)]
    pub memory: u64,
    /// Requests running at once; more wait for a free slot.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,
}

/// Runs `grundy serve` until Ctrl-C.
pub fn run(args: &Args) -> Result<String> {
    let limits = ServerLimits::new(args.max_seconds, args.memory, usize::from(args.jobs));
    let program = std::env::current_exe().context("cannot find this program to run commands")?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let served = runtime.block_on(async {
        let address = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| {
                input_error(format!(
                    "cannot listen on {address}: {error}{}",
                    if error.kind() == std::io::ErrorKind::AddrInUse {
                        " (another program uses the port: give --port 0 for any free one)"
                    } else {
                        ""
                    }
                ))
            })?;
        let bound = listener
            .local_addr()
            .context("cannot read the address listened on")?;
        let url = match bound.ip() {
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", bound.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", bound.port()),
        };
        {
            use std::io::Write;
            // Said in one write, and a closed stdout (a caller that read the address and went
            // away) does not stop the server.
            let announcement = format!(
                "{url}\nserving the grundy page: each request at most {} s and {} of table, {} at once (Ctrl-C stops)\n",
                limits.max_seconds, limits.memory, limits.jobs
            );
            let mut stdout = std::io::stdout().lock();
            let _ = stdout
                .write_all(announcement.as_bytes())
                .and_then(|()| stdout.flush());
        }
        if args.open {
            open_in_browser(&url);
        }
        let runner = Arc::new(Runner::new(program, limits));
        let app = routes::router(runner, bound.ip().is_loopback());
        serve_connections(listener, app, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        Ok::<_, anyhow::Error>(())
    });
    // The jobs still running are dropped with the runtime, which kills their commands; no
    // task is left to wait for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    served?;
    Ok(String::new())
}

const HEADER_SECONDS: u64 = ServerLimits::HEADER_SECONDS;
const WRITE_SECONDS: u64 = ServerLimits::WRITE_SECONDS;
const MAX_CONNECTIONS: usize = ServerLimits::MAX_CONNECTIONS;

/// Serves `app` on the connections `listener` accepts until `shutdown` completes, each
/// connection within [`HEADER_SECONDS`] for its headers and at most [`MAX_CONNECTIONS`] at
/// once. (axum's own `serve` sets no time limit on headers: a client that opens connections
/// and sends nothing would hold them for ever.)
async fn serve_connections(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    shutdown: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    let connections = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of files or a connection reset before it was accepted: wait a moment
                // rather than spin, and go on.
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(std::time::Duration::from_secs(HEADER_SECONDS));
            // A connection that fails (a client gone, headers too slow) concerns no one else.
            let _ = builder
                .serve_connection(TokioIo::new(WriteDeadline::new(stream)), service)
                .await;
        });
    }
}

/// A connection whose writes fail when they make no progress for [`WRITE_SECONDS`] (the
/// client has stopped reading): the header timeout guards reading, this guards writing.
struct WriteDeadline<S> {
    stream: S,
    /// Since when a write has waited, while one waits.
    stalled: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl<S> WriteDeadline<S> {
    fn new(stream: S) -> WriteDeadline<S> {
        WriteDeadline {
            stream,
            stalled: None,
        }
    }

    /// What a write that could not go on returns: pending until the deadline, then an error.
    fn wait<T>(&mut self, context: &mut std::task::Context<'_>) -> Poll<std::io::Result<T>> {
        let deadline = self.stalled.get_or_insert_with(|| {
            Box::pin(tokio::time::sleep(std::time::Duration::from_secs(
                WRITE_SECONDS,
            )))
        });
        match deadline.as_mut().poll(context) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client read nothing for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// `done` passed on, forgetting the wait when the write has gone on.
    fn progress<T>(
        &mut self,
        done: Poll<std::io::Result<T>>,
        context: &mut std::task::Context<'_>,
    ) -> Poll<std::io::Result<T>> {
        match done {
            Poll::Pending => self.wait(context),
            ready => {
                self.stalled = None;
                ready
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        buffer: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_read(context, buffer)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        bytes: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let done = std::pin::Pin::new(&mut this.stream).poll_write(context, bytes);
        this.progress(done, context)
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        buffers: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let done = std::pin::Pin::new(&mut this.stream).poll_write_vectored(context, buffers);
        this.progress(done, context)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let done = std::pin::Pin::new(&mut this.stream).poll_flush(context);
        this.progress(done, context)
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let done = std::pin::Pin::new(&mut this.stream).poll_shutdown(context);
        this.progress(done, context)
    }
}

/// Opens `url` with the desktop's opener, saying so on stderr if there is none: the server
/// runs either way.
fn open_in_browser(url: &str) {
    let openers: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["explorer"]
    } else {
        &["xdg-open", "open"]
    };
    for opener in openers {
        let started = std::process::Command::new(opener)
            .arg(url)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if let Ok(mut child) = started {
            errln!("opened {url} with {opener}");
            // The opener exits at once (the browser goes on without it); collect it.
            std::thread::spawn(move || child.wait());
            return;
        }
    }
    errln!(
        "--open: found no {} to open the page with; open {url} in a browser",
        openers.join(" or ")
    );
}
