/// The Shop demo module.
public enum ShopModule {}
