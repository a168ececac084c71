#include "viewer/video.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "interpreter/lsystem/files.hpp"

namespace lsd::view {

struct VideoWriter::State {
  std::string path, tmp;
  interp::StagedFile staged;  // FFmpeg writes tmp, the staged file's name; finish() puts it in place
  int width = 0, height = 0;
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  SwsContext* sws = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  long frames = 0;
  bool file_open = false;

  ~State() {
    sws_freeContext(sws);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    if (format) {
      if (file_open) avio_closep(&format->pb);
      avformat_free_context(format);
    }
  }
};

namespace {

std::string av_error(int code) {
  char buf[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, buf, sizeof buf);
  return buf;
}

bool fail(std::string* error, const std::string& what) {
  if (error) *error = what;
  return false;
}

// Hands every packet the encoder has ready to the muxer.
bool drain(VideoWriter::State& s, std::string* error) {
  for (;;) {
    const int r = avcodec_receive_packet(s.codec, s.packet);
    if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return true;
    if (r < 0) return fail(error, "encoding the video failed: " + av_error(r));
    av_packet_rescale_ts(s.packet, s.codec->time_base, s.stream->time_base);
    s.packet->stream_index = s.stream->index;
    const int w = av_interleaved_write_frame(s.format, s.packet);  // takes the packet
    if (w < 0) return fail(error, "writing '" + s.tmp + "' failed: " + av_error(w));
  }
}

}  // namespace

VideoWriter::VideoWriter() = default;

VideoWriter::~VideoWriter() = default;  // an unfinished video's staged file removes itself

long VideoWriter::frames() const { return s_ ? s_->frames : 0; }

bool VideoWriter::open(const std::string& path, int width, int height, double fps, std::string* error) {
  if (width <= 0 || height <= 0 || width > kMaxVideoSize || height > kMaxVideoSize)
    return fail(error, "a video's size must be between 2x2 and " + std::to_string(kMaxVideoSize) + "x" +
                           std::to_string(kMaxVideoSize) + ", not " + std::to_string(width) + "x" +
                           std::to_string(height));
  if (width % 2 || height % 2)
    return fail(error, "a video's width and height must be even (H.264 keeps colour at half resolution), not " +
                           std::to_string(width) + "x" + std::to_string(height));
  if (!(fps > 0)) return fail(error, "frames per second must be positive");
  av_log_set_level(AV_LOG_ERROR);  // not x264's statistics: only what went wrong
  s_ = std::make_unique<State>();
  State& s = *s_;
  s.path = path;
  if (!s.staged.open(path, error, interp::Durability::kReplaced)) return false;  // drawn again (docs/language.md 8.5)
  s.tmp = s.staged.staging_path();
  s.width = width;
  s.height = height;
  // ---- The MP4 container and its one H.264 stream.
  int r = avformat_alloc_output_context2(&s.format, nullptr, "mp4", s.tmp.c_str());
  if (r < 0 || !s.format) return fail(error, "cannot make an MP4 container: " + av_error(r));
  const AVCodec* codec = avcodec_find_encoder_by_name("libx264");
  if (!codec) codec = avcodec_find_encoder(AV_CODEC_ID_H264);
  if (!codec) return fail(error, "this FFmpeg has no H.264 encoder (Debian's libavcodec has libx264)");
  s.stream = avformat_new_stream(s.format, nullptr);
  s.codec = avcodec_alloc_context3(codec);
  s.frame = av_frame_alloc();
  s.packet = av_packet_alloc();
  if (!s.stream || !s.codec || !s.frame || !s.packet) return fail(error, "out of memory opening the video encoder");
  const AVRational rate = av_d2q(fps, 100000);
  s.codec->width = width;
  s.codec->height = height;
  s.codec->pix_fmt = AV_PIX_FMT_YUV420P;  // what every player decodes
  s.codec->framerate = rate;
  s.codec->time_base = av_inv_q(rate);
  s.codec->gop_size = 2 * int(fps + 0.5);
  if (s.format->oformat->flags & AVFMT_GLOBALHEADER) s.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  av_opt_set(s.codec->priv_data, "preset", "medium", 0);
  av_opt_set(s.codec->priv_data, "crf", "20", 0);  // visually clean: thin stems stay sharp
  if ((r = avcodec_open2(s.codec, codec, nullptr)) < 0) return fail(error, "cannot open the H.264 encoder: " + av_error(r));
  avcodec_parameters_from_context(s.stream->codecpar, s.codec);
  s.stream->time_base = s.codec->time_base;
  s.stream->avg_frame_rate = rate;
  // ---- The conversion RGB -> YUV 4:2:0 and the frame it fills.
  s.sws = sws_getContext(width, height, AV_PIX_FMT_RGB24, width, height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr,
                         nullptr, nullptr);
  s.frame->format = AV_PIX_FMT_YUV420P;
  s.frame->width = width;
  s.frame->height = height;
  if (!s.sws || av_frame_get_buffer(s.frame, 0) < 0) return fail(error, "out of memory opening the video encoder");
  // ---- The temporary file.
  if ((r = avio_open(&s.format->pb, s.tmp.c_str(), AVIO_FLAG_WRITE)) < 0)
    return fail(error, "cannot write '" + path + "': " + av_error(r));
  s.file_open = true;
  if ((r = avformat_write_header(s.format, nullptr)) < 0)
    return fail(error, "cannot write '" + path + "': " + av_error(r));
  return true;
}

bool VideoWriter::add(const std::vector<std::uint8_t>& rgb, std::string* error) {
  State& s = *s_;
  if (rgb.size() != std::size_t(s.width) * s.height * 3) return fail(error, "a video frame has the wrong size");
  if (av_frame_make_writable(s.frame) < 0) return fail(error, "out of memory encoding the video");
  const std::uint8_t* src[1] = {rgb.data()};
  const int stride[1] = {3 * s.width};
  sws_scale(s.sws, src, stride, 0, s.height, s.frame->data, s.frame->linesize);
  s.frame->pts = s.frames++;
  const int r = avcodec_send_frame(s.codec, s.frame);
  if (r < 0) return fail(error, "encoding the video failed: " + av_error(r));
  return drain(s, error);
}

bool VideoWriter::finish(std::string* error) {
  State& s = *s_;
  int r = avcodec_send_frame(s.codec, nullptr);  // flush the frames the encoder holds back
  if (r < 0 || !drain(s, error)) return r < 0 ? fail(error, "encoding the video failed: " + av_error(r)) : false;
  if ((r = av_write_trailer(s.format)) < 0) return fail(error, "writing '" + s.tmp + "' failed: " + av_error(r));
  if ((r = avio_closep(&s.format->pb)) < 0) return fail(error, "writing '" + s.tmp + "' failed: " + av_error(r));
  s.file_open = false;
  return s.staged.commit(error);
}

}  // namespace lsd::view
