# Stand-in for the postgres:16 image on a machine that cannot pull it (verification only, tagged locally).
# Debian bookworm's PostgreSQL (15) with an entrypoint that honours the official image's variables.
FROM flexblock-base:node24
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
ENTRYPOINT ["sh", "/usr/local/bin/postgres-entrypoint.sh"]
