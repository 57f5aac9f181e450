"""Balance reports: polars aggregation and scipy statistics -> structure -> one HTML file."""
