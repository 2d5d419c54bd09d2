"""The person's own work kept in the data folder: recent searches, saved searches and working lists.

``model`` holds the values, ``file`` the versioned file on disk, ``store`` the operations on it and
``export`` a working list as CSV, JSON or Markdown. Which records of a list a profile may see is
decided by the facade's work room (:mod:`core.service.work`), through the one ACL gate.
"""
