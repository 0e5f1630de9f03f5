//! GPU errors as notices, never panics. wgpu reports a validation error or an out-of-memory
//! outside an error scope to the device's uncaptured-error handler, whose default panics, and
//! a lost device (a driver reset, a GPU unplugged) to its lost callback. [`DeviceErrors`]
//! installs both and keeps what they report until the host takes it to show or to fail with.

use std::sync::{Arc, Mutex, PoisonError};

/// The most errors kept between two [`DeviceErrors::take`]s: a broken draw repeats its error
/// every frame, and one of each is enough to show.
const MAX_KEPT: usize = 16;

/// What a device reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceError {
    /// A call was refused (a validation error) or memory ran out; drawing goes on.
    Uncaptured(String),
    /// The device is gone: nothing it draws reaches the screen until a new one is opened.
    Lost(String),
}

impl std::fmt::Display for DeviceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeviceError::Uncaptured(message) => write!(f, "GPU error: {message}"),
            DeviceError::Lost(message) => write!(f, "the GPU device was lost: {message}"),
        }
    }
}

/// The errors a device reported, shared with its handlers.
#[derive(Debug, Clone, Default)]
pub struct DeviceErrors {
    reported: Arc<Mutex<Vec<DeviceError>>>,
}

impl DeviceErrors {
    /// Installs the handlers on `device`: from now on its uncaptured errors and its loss are
    /// kept here (and logged) instead of panicking.
    pub fn watch(device: &wgpu::Device) -> DeviceErrors {
        let errors = DeviceErrors::default();
        let uncaptured = errors.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            uncaptured.report(DeviceError::Uncaptured(error.to_string()));
        }));
        let lost = errors.clone();
        device.set_device_lost_callback(move |reason, message| {
            // Dropping the device itself is no loss to report.
            if reason != wgpu::DeviceLostReason::Destroyed {
                lost.report(DeviceError::Lost(message));
            }
        });
        errors
    }

    fn report(&self, error: DeviceError) {
        log::error!("{error}");
        let mut reported = self.reported.lock().unwrap_or_else(PoisonError::into_inner);
        if reported.len() < MAX_KEPT && !reported.contains(&error) {
            reported.push(error);
        }
    }

    /// What was reported since the last call, oldest first.
    pub fn take(&self) -> Vec<DeviceError> {
        std::mem::take(&mut *self.reported.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Whether the device was lost since the last [`DeviceErrors::take`].
    pub fn lost(&self) -> bool {
        self.reported
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .any(|e| matches!(e, DeviceError::Lost(_)))
    }
}
