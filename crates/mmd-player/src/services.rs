//! The desktop player's side of the session boundary: the services it hosts the session with
//! (its words, its GPU exporter, its config folder) and what it reports to the session.

use mmd_render::DeviceError;
use mmd_session::Player;
use mmd_session::host::Services;

use crate::config_folder::ConfigFiles;
use crate::export::job::GpuExporter;
use crate::i18n::LocaleWords;

/// The services of the desktop player: the locale files' words, export on a headless GPU,
/// the settings store in the config folder.
pub fn desktop_services() -> Services {
    desktop_services_in(ConfigFiles::in_config_folder())
}

/// [`desktop_services`] keeping the settings in `settings` (a test's folder, or none).
pub fn desktop_services_in(settings: ConfigFiles) -> Services {
    Services {
        words: Box::new(LocaleWords),
        exporter: Box::new(GpuExporter),
        settings: Box::new(settings),
    }
}

/// Lists what the GPU device reported (an error in a draw, the device lost) as the session's
/// notices; a lost device is also shown as the error.
pub fn report_device_errors(player: &mut Player, errors: Vec<DeviceError>) {
    for error in errors {
        let lost = matches!(error, DeviceError::Lost(_));
        player.report_gpu_error(error.to_string(), lost);
    }
}
