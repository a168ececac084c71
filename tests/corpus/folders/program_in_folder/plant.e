executable: ./x.sh
