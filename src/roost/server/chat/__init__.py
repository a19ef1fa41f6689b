"""Table chat: two rooms per table, stored with it, carried on the table's WebSockets."""
