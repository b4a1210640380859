# The playground image: one image for the web (uvicorn) and worker (celery) services.
# Settings come from environment variables only (see playground/settings.py, docker-compose.yml).

# --- the browser app ---------------------------------------------------------------------
FROM node:20-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
# /learn/older-code renders this doc (frontend/src/app/routes/OlderCodePage.tsx imports it).
COPY docs/from-the-articles.md ../docs/from-the-articles.md
RUN npm run build

# --- the Python app ----------------------------------------------------------------------
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PLAYGROUND_RUN_DIR=/var/lib/playground \
    UVICORN_WS_PER_MESSAGE_DEFLATE=false
WORKDIR /app
COPY requirements.txt ./
RUN pip install -r requirements.txt
# Everything the app reads at run time (playground, scheduler_core, lessons, scripts, ...);
# .dockerignore keeps out local state, tests and docs.
COPY . ./
COPY --from=frontend /src/frontend/dist/ frontend/dist/
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --system --uid 10001 playground \
    && mkdir -p /var/lib/playground \
    && chown -R playground /var/lib/playground
USER playground
EXPOSE 8000
CMD ["uvicorn", "playground.asgi:application", "--host", "0.0.0.0", "--port", "8000", "--lifespan", "off", "--proxy-headers"]
