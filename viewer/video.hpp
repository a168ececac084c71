// H.264 video in an MP4 file through FFmpeg's libraries (libavcodec,
// libavformat, libswscale): the frames of `lsd render --fps F -o sway.mp4`.
// The file is written as PATH.tmp.<pid> and renamed when finished, so an
// interrupted render never leaves a truncated video under the final name.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/limits.hpp"

namespace lsd::view {

constexpr int kMaxVideoSize = limits::kVideoSide;

class VideoWriter {
 public:
  VideoWriter();
  ~VideoWriter();  // an unfinished video is abandoned: its temporary file is removed
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;

  // Opens the encoder and the temporary file. The size must be even (H.264
  // keeps colour at half resolution) and at most kMaxVideoSize.
  bool open(const std::string& path, int width, int height, double fps, std::string* error);
  // Encodes one frame: rows of RGB bytes, top row first.
  bool add(const std::vector<std::uint8_t>& rgb, std::string* error);
  // Flushes the encoder, closes the file and renames it to the final path.
  bool finish(std::string* error);
  long frames() const;

  struct State;  // FFmpeg's contexts (video.cpp)

 private:
  std::unique_ptr<State> s_;
};

}  // namespace lsd::view
