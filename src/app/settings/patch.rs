//! Some settings, each given or not: what a config file or the command line says, and how the
//! layers combine: built-in defaults, then the file, then the flags (flags win).

use crate::app::settings::list::SETTINGS;
use crate::app::settings::setting::Value;
use crate::app::settings::values::Settings;

/// Some settings, each one given or not: what a config file or the command line says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsPatch {
    /// The values given (the others are the defaults and mean nothing).
    values: Settings,
    /// Which of `SETTINGS` are given, in its order.
    given: [bool; SETTINGS.len()],
}

impl SettingsPatch {
    /// Gives the setting `name` a value of the file or of a flag, or says why it cannot.
    pub fn give(&mut self, name: &str, value: Value) -> Result<(), String> {
        let index = SETTINGS
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| format!("unknown key '{name}'"))?;
        SETTINGS[index].put(&mut self.values, value)?;
        self.given[index] = true;
        Ok(())
    }

    /// The value given for the setting `name`, as the file writes it (`None`: not given).
    pub fn value(&self, name: &str) -> Option<Value> {
        let index = SETTINGS.iter().position(|s| s.name == name)?;
        self.given[index].then(|| SETTINGS[index].value(&self.values))
    }
}

impl Settings {
    /// These settings with every value the patch gives replacing this one's.
    pub fn patched(self, patch: &SettingsPatch) -> Settings {
        let mut settings = self;
        for (setting, _) in SETTINGS.iter().zip(patch.given).filter(|(_, given)| *given) {
            setting.copy(&patch.values, &mut settings);
        }
        settings
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::settings::values::Seat;

    #[test]
    fn a_patch_replaces_only_what_it_gives() {
        let mut patch = SettingsPatch::default();
        patch.give("o", Value::Text("human".into())).unwrap();
        patch.give("time_ms", Value::Number(0)).unwrap();
        let patched = Settings::default().patched(&patch);
        assert_eq!(patched.o, Seat::Human);
        assert_eq!(patched.time_ms, 0);
        assert_eq!(
            Settings {
                o: Seat::PERFECT,
                time_ms: 1500,
                ..patched
            },
            Settings::default()
        );
    }

    #[test]
    fn a_value_of_the_wrong_kind_or_beyond_its_range_is_refused() {
        let mut patch = SettingsPatch::default();
        let why = patch.give("depth", Value::Number(65)).unwrap_err();
        assert_eq!(why, "expected a whole number from 0 to 64");
        let why = patch.give("hints", Value::Text("yes".into())).unwrap_err();
        assert_eq!(why, "expected true or false");
        assert_eq!(patch, SettingsPatch::default());
    }
}
