"""Accounts: users, passwords, sessions, CSRF, sign-in limits and their routes."""
