/// The Account demo module.
public enum AccountModule {}
