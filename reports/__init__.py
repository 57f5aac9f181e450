"""Balance reports: polars aggregation and simulate.statistics -> structure -> one HTML file."""
