public enum ProbeMessagingKit {}
