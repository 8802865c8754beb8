//! The build's thread pool: jobs taken in order by a few threads, their results returned in
//! order, a panic turned into an error instead of lost results.

use crate::base::diag::Error;

/// A unit of work for [`parallel`].
pub type Job<'a, T> = Box<dyn FnOnce() -> T + Send + 'a>;

/// Runs jobs on `threads` threads, taking them in order, and returns their results in order.
///
/// A job that panics does not take its results down silently: the other jobs still run, and the
/// whole call fails with the panic's message (the caller reports it and exits with status 1).
pub fn parallel<T: Send>(jobs: Vec<Job<'_, T>>, threads: usize) -> Result<Vec<T>, Error> {
    let n = jobs.len();
    let queue = std::sync::Mutex::new(jobs.into_iter().enumerate());
    let mut results: Vec<(usize, Result<T, Error>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, n.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let next = queue.lock().map(|mut q| q.next()).unwrap_or(None);
                        let Some((i, job)) = next else { break };
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                            .map_err(|e| panicked(e.as_ref()));
                        done.push((i, result));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|e| vec![(usize::MAX, Err(panicked(e.as_ref())))])
            })
            .collect()
    });
    results.sort_by_key(|r| r.0);
    if results.len() != n {
        return Err(Error::system(format!(
            "{} of {n} build jobs were lost",
            n - results.len()
        )));
    }
    results.into_iter().map(|r| r.1).collect()
}

/// A job that panicked, with the text of the panic's payload.
fn panicked(payload: &(dyn std::any::Any + Send)) -> Error {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into());
    Error::system(format!("a build job failed: {message}"))
}
