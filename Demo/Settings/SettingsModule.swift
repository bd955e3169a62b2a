/// The Settings demo module.
public enum SettingsModule {}
