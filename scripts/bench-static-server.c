/*
 * The HTTP ceiling for `make bench`: answers every request on a keep-alive connection with the
 * same bytes, read once from FILE. One epoll loop per thread, each on its own SO_REUSEPORT
 * listener; no parsing beyond finding the blank line that ends each request's headers.
 *
 *   bench-static-server PORT FILE CONTENT-TYPE [THREADS]
 *
 * Built by scripts/bench with gcc; it exists only to measure against.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

static char *response;
static size_t response_length;
static int port;

struct connection {
  int fd;
  int matched;  /* how much of "\r\n\r\n" the input has matched so far */
  long owed;    /* responses still to write */
  size_t offset; /* bytes of the current response already written */
};

static void die(const char *what) {
  perror(what);
  exit(1);
}

static int listener(void) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0), one = 1;
  if (fd < 0) die("socket");
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0) die("bind");
  if (listen(fd, 1024) < 0) die("listen");
  return fd;
}

/* Writes what is owed; returns -1 when the connection is finished, 1 when it must wait. */
static int flush(struct connection *c) {
  while (c->owed > 0) {
    ssize_t n = write(c->fd, response + c->offset, response_length - c->offset);
    if (n < 0) return errno == EAGAIN ? 1 : -1;
    c->offset += (size_t)n;
    if (c->offset == response_length) {
      c->offset = 0;
      c->owed--;
    }
  }
  return 0;
}

static void *serve(void *unused) {
  (void)unused;
  int server = listener(), loop = epoll_create1(0);
  struct epoll_event event = {.events = EPOLLIN, .data.ptr = NULL}, events[256];
  epoll_ctl(loop, EPOLL_CTL_ADD, server, &event);
  char buffer[16384];
  for (;;) {
    int ready = epoll_wait(loop, events, 256, -1);
    for (int i = 0; i < ready; i++) {
      struct connection *c = events[i].data.ptr;
      if (c == NULL) {
        int fd, one = 1;
        while ((fd = accept4(server, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          struct connection *fresh = calloc(1, sizeof *fresh);
          fresh->fd = fd;
          struct epoll_event add = {.events = EPOLLIN, .data.ptr = fresh};
          epoll_ctl(loop, EPOLL_CTL_ADD, fd, &add);
        }
        continue;
      }
      int closing = 0;
      if (events[i].events & EPOLLIN) {
        ssize_t n;
        while ((n = read(c->fd, buffer, sizeof buffer)) > 0) {
          for (ssize_t k = 0; k < n; k++) {
            char want = "\r\n\r\n"[c->matched];
            c->matched = buffer[k] == want ? c->matched + 1 : (buffer[k] == '\r' ? 1 : 0);
            if (c->matched == 4) {
              c->owed++;
              c->matched = 0;
            }
          }
        }
        if (n == 0 || (n < 0 && errno != EAGAIN)) closing = 1;
      }
      if (events[i].events & (EPOLLERR | EPOLLHUP)) closing = 1;
      int state = closing ? -1 : flush(c);
      if (state < 0) {
        close(c->fd);
        free(c);
        continue;
      }
      struct epoll_event change = {.events = EPOLLIN | (state ? EPOLLOUT : 0), .data.ptr = c};
      epoll_ctl(loop, EPOLL_CTL_MOD, c->fd, &change);
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s PORT FILE CONTENT-TYPE [THREADS]\n", argv[0]);
    return 2;
  }
  port = atoi(argv[1]);
  FILE *file = fopen(argv[2], "rb");
  if (!file) die(argv[2]);
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  rewind(file);
  char header[512];
  int header_length = snprintf(header, sizeof header,
      "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %ld\r\n"
      "Cache-Control: public, max-age=300\r\n\r\n", argv[3], size);
  response_length = (size_t)header_length + (size_t)size;
  response = malloc(response_length);
  memcpy(response, header, (size_t)header_length);
  if (fread(response + header_length, 1, (size_t)size, file) != (size_t)size) die("fread");
  fclose(file);
  long threads = argc > 4 ? atol(argv[4]) : sysconf(_SC_NPROCESSORS_ONLN);
  if (threads < 1) threads = 1;
  for (long t = 1; t < threads; t++) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, serve, NULL) != 0) die("pthread_create");
  }
  serve(NULL);
}
